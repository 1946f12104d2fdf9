/**
 * @module safety/sarif
 * SARIF 2.1.0 output for code-scanning tools: one run, the rule catalogue as the driver's rules,
 * one result per unsuppressed finding (suppressed ones carry a SARIF suppression with the
 * justification). Pure: builds a plain object.
 */
import { RULES } from './catalogue.js';
import type { ScanResult, Severity } from './types.js';

/** The SARIF schema this module targets. */
export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/** One scanned file for {@link toSarif}. */
export interface SarifInput {
  /** The file's path (relative to the project root) or label; written as a URI reference. */
  readonly uri: string;
  readonly result: ScanResult;
}

const LEVEL: Readonly<Record<Severity, 'error' | 'warning' | 'note'>> = {
  block: 'error',
  flag: 'warning',
  info: 'note',
};

/**
 * A file path as a relative URI reference, as SARIF requires: `/` separators, each segment
 * percent-encoded ("skills/a b/SKILL.md" becomes "skills/a%20b/SKILL.md").
 */
export function pathToUriReference(path: string): string {
  return path
    .replace(/\\/g, '/')
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

/** Builds a SARIF 2.1.0 log for the given scan results (`uri`: a path, encoded here). */
export function toSarif(
  inputs: readonly SarifInput[],
  tool: { version: string; informationUri?: string },
): object {
  const index = new Map(RULES.map((r, i) => [r.id, i]));
  const results: object[] = [];
  for (const input of inputs) {
    for (const f of input.result.findings) {
      const result: Record<string, unknown> = {
        ruleId: f.ruleId,
        ruleIndex: index.get(f.ruleId) ?? 0,
        level: LEVEL[f.severity],
        message: {
          text: `${f.message}${f.context === undefined ? '' : ` (lowered: ${f.context})`}${f.layers === undefined ? '' : ` [inside ${f.layers.join(' > ')}]`} Excerpt: ${f.excerpt}`,
        },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: pathToUriReference(input.uri) },
              region: {
                startLine: f.line,
                startColumn: f.column,
                byteOffset: f.byteOffset,
                charOffset: f.index,
                charLength: f.length,
              },
            },
          },
        ],
      };
      if (f.suppressed !== undefined) {
        result.suppressions = [{ kind: 'external', justification: f.suppressed }];
      }
      results.push(result);
    }
  }
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'ctxloom',
            version: tool.version,
            informationUri: tool.informationUri ?? 'https://github.com/ctxloom/ctxloom',
            rules: RULES.map((r) => ({
              id: r.id,
              name: r.id.replace(/[.-](\w)/g, (_m, c: string) => c.toUpperCase()),
              shortDescription: { text: r.description },
              defaultConfiguration: { level: LEVEL[r.severity] },
              properties: { category: r.category, languages: [...r.languages] },
            })),
          },
        },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
}
