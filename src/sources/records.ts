/**
 * @module sources/records
 * From prepared sources to frozen provenance records, and the environment that reads and
 * prepares sources for one project root.
 */
import type { Mutable } from '../_internal/mutable.js';
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import type { ResolvedLoadOptions } from './options.js';
import { displayPath } from './paths.js';
import type { PreparedSource, PrepareEnv } from './prepare.js';
import { readInstructionFile } from './read-file.js';
import { truncateText } from './truncate.js';
import type { RuleRecord, SourceRecord } from './types.js';

/** Builds the environment used to read and prepare sources for one root. */
export async function makePrepareEnv(
  o: ResolvedLoadOptions,
  root: string,
  loadedElsewhere: ReadonlyMap<string, string>,
): Promise<PrepareEnv> {
  const realRoot = await o.fs.realpath(root).catch(() => root);
  const display = (abs: string) => displayPath(abs, root, o.home);
  return {
    read: (abs, boundary) =>
      readInstructionFile(abs, {
        fs: o.fs,
        display: display(abs),
        readCapBytes: o.readCapBytes,
        ...(boundary === undefined ? {} : { boundary }),
      }),
    display,
    root,
    realRoot,
    home: o.home,
    maxImportDepth: o.maxImportDepth,
    allowImportsOutsideRoot: o.allowImportsOutsideRoot,
    loadedElsewhere,
    scan: o.scan,
  };
}

/** Turns a prepared source (after budgeting) into its provenance record. */
export function toRecord(
  p: PreparedSource,
  content: string,
  kept: number,
  cut: number,
  tokens: number,
): SourceRecord {
  const r: Mutable<SourceRecord> = {
    path: p.path,
    absolutePath: p.absolutePath,
    kind: p.kind,
    scope: p.scope,
    trust: p.trust,
    status: p.status === 'loaded' && cut > 0 ? 'truncated' : p.status,
    sha256: p.read.sha256,
    bytes: p.read.bytes,
    fullBytes: p.fullBytes,
    bytesKept: kept,
    bytesCut: cut,
    tokens,
    content,
    contributors: Object.freeze([
      { path: p.path, sha256: p.read.sha256, bytes: p.read.bytes },
      ...p.contributors,
    ]),
  };
  if (p.reason !== undefined) r.reason = p.reason;
  if (p.scan !== undefined) r.scan = p.scan;
  return Object.freeze(r);
}

/** Turns a prepared rule into its record (per-file cap applied). */
export function toRuleRecord(
  p: PreparedSource,
  o: ResolvedLoadOptions,
  diagnostics: Diagnostic[],
): RuleRecord {
  const rule = p.rule!;
  let record: SourceRecord;
  if (p.status === 'skipped') record = toRecord(p, '', 0, 0, 0);
  else {
    const t = truncateText(
      p.text,
      { maxBytes: o.budget.perFileBytes, maxTokens: o.budget.perFileTokens },
      o.counter,
      {
        path: p.path,
        why: 'per-file cap',
        ...(p.firstLine === undefined ? {} : { firstLine: p.firstLine }),
      },
    );
    if (t.outcome === 'kept') record = toRecord(p, t.content, t.bytesKept, 0, t.tokens);
    else {
      diagnostics.push(
        diagnostic(
          'W_TRUNCATED',
          'warning',
          `${p.path}: kept ${t.bytesKept} of ${p.fullBytes} bytes (per-file cap)`,
          { file: p.path },
        ),
      );
      if (p.status === 'loaded') p.reason = 'cut to the per-file cap';
      record = toRecord(p, t.content, t.bytesKept, p.fullBytes - t.bytesKept, t.tokens);
    }
  }
  return Object.freeze({
    ...record,
    name: rule.name,
    mode: rule.mode,
    globs: Object.freeze([...rule.globs]),
    ...(rule.description === undefined ? {} : { description: rule.description }),
  });
}
