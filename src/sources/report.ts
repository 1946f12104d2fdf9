/**
 * @module sources/report
 * The provenance of a load as plain JSON-ready data (for `--json` output and reports): no
 * absolute paths, no file contents. Pure.
 */
import type { Mutable } from '../_internal/mutable.js';
import type { Diagnostic } from '../diagnostics/index.js';
import type { LoadResult, RuleRecord, SourceRecord } from './types.js';

/** One source's provenance, JSON-ready. */
export interface SourceProvenance {
  readonly path: string;
  readonly kind: string;
  readonly scope: string;
  readonly trust: string;
  readonly status: string;
  readonly reason?: string;
  readonly sha256: string;
  readonly bytes: number;
  readonly fullBytes: number;
  readonly bytesKept: number;
  readonly bytesCut: number;
  readonly tokens: number;
  readonly contributors: readonly {
    readonly path: string;
    readonly sha256: string;
    readonly bytes: number;
  }[];
  readonly scan?: { readonly verdict: string; readonly ruleIds: readonly string[] };
}

/** One rule's provenance, JSON-ready. */
export interface RuleProvenance extends SourceProvenance {
  readonly name: string;
  readonly mode: string;
  readonly globs: readonly string[];
  readonly description?: string;
}

/** A source record without its absolute path and content. */
export function sourceProvenance(s: SourceRecord): SourceProvenance {
  const out: Mutable<SourceProvenance> = {
    path: s.path,
    kind: s.kind,
    scope: s.scope,
    trust: s.trust,
    status: s.status,
    sha256: s.sha256,
    bytes: s.bytes,
    fullBytes: s.fullBytes,
    bytesKept: s.bytesKept,
    bytesCut: s.bytesCut,
    tokens: s.tokens,
    contributors: s.contributors.map((c) => ({ path: c.path, sha256: c.sha256, bytes: c.bytes })),
  };
  if (s.reason !== undefined) out.reason = s.reason;
  if (s.scan !== undefined) out.scan = { verdict: s.scan.verdict, ruleIds: [...s.scan.ruleIds] };
  return out;
}

/** A rule record without its absolute path and content. */
export function ruleProvenance(r: RuleRecord): RuleProvenance {
  const base = sourceProvenance(r);
  return {
    name: r.name,
    mode: r.mode,
    globs: [...r.globs],
    ...(r.description === undefined ? {} : { description: r.description }),
    ...base,
  };
}

/** The whole load as JSON-ready data: `{ root, cwd, sources, rules, diagnostics }`. */
export function loadReport(result: LoadResult): {
  readonly root: string;
  readonly cwd: string;
  readonly sources: readonly SourceProvenance[];
  readonly rules: readonly RuleProvenance[];
  readonly diagnostics: readonly Diagnostic[];
} {
  return {
    root: result.root,
    cwd: result.cwdRelative,
    sources: result.sources.map(sourceProvenance),
    rules: result.rules.map(ruleProvenance),
    diagnostics: result.diagnostics,
  };
}
