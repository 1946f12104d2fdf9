/**
 * @module sources/yaml-document
 * `parseDocument` from the `yaml` package with its `uniqueKeys` check done in linear time. The
 * package compares each new key with every earlier key of its map, which is quadratic in the
 * number of keys (20,000 keys in a frontmatter block or a config file took seconds). Here the
 * package parses with `uniqueKeys: false` and each map's scalar keys go through a `Set`; a repeated
 * key becomes the same `DUPLICATE_KEY` error, at the same place, as the package reports. Pure.
 */
import {
  type Document,
  type DocumentOptions,
  isScalar,
  LineCounter,
  type ParseOptions,
  parseDocument,
  type SchemaOptions,
  visit,
  YAMLParseError,
} from 'yaml';

/** Options of {@link parseYamlDocument}: those of `parseDocument`, keys always unique. */
export type YamlDocumentOptions = Omit<
  ParseOptions & DocumentOptions & SchemaOptions,
  'uniqueKeys'
>;

/**
 * Parses one YAML document like `parseDocument(text, { ...options, uniqueKeys: true })`, in time
 * linear in the number of keys. Errors stay sorted by position.
 */
export function parseYamlDocument(
  text: string,
  options: YamlDocumentOptions = {},
): Document.Parsed {
  const lineCounter = options.lineCounter ?? new LineCounter();
  const doc = parseDocument(text, { ...options, lineCounter, uniqueKeys: false });
  const duplicates: YAMLParseError[] = [];
  try {
    visit(doc, {
      Map(_, map) {
        const seen = new Set<unknown>();
        for (const pair of map.items) {
          if (!isScalar(pair.key)) continue; // the package compares other keys by identity only
          const value = pair.key.value;
          if (typeof value === 'number' && Number.isNaN(value)) continue; // NaN !== NaN there too
          if (!seen.has(value)) {
            seen.add(value);
            continue;
          }
          const at = pair.key.range?.[0] ?? 0;
          duplicates.push(duplicateKey(at, text, lineCounter, options.prettyErrors !== false));
        }
      },
    });
  } catch {
    // a document too deep to walk: the package has already reported it as an error
  }
  if (duplicates.length > 0) {
    doc.errors.push(...duplicates);
    doc.errors.sort((a, b) => a.pos[0] - b.pos[0]);
  }
  return doc;
}

function duplicateKey(
  at: number,
  text: string,
  lineCounter: LineCounter,
  pretty: boolean,
): YAMLParseError {
  const error = new YAMLParseError([at, at + 1], 'DUPLICATE_KEY', 'Map keys must be unique');
  if (pretty && text.length > 0) {
    const pos = lineCounter.linePos(at);
    error.linePos = [pos];
    error.message += ` at line ${pos.line}, column ${pos.col}:`;
  }
  return error;
}
