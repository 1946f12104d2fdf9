/**
 * @module tools/tool-digest
 * Per-tool digests: a SHA-256 of each tool's canonical bytes (Anthropic wire shape), recorded in a
 * saved session so that two sessions can be compared tool by tool (`ctxloom doctor`). A tool
 * whose digest differs between two sessions changed bytes, and every cached prefix behind it was
 * lost. Pure (hashing is computation, no I/O).
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical.js';
import type { ToolDefinition } from './tool-definition.js';

/** One tool's name and the digest of its canonical bytes. */
export interface ToolDigest {
  readonly name: string;
  /** `sha256:<64 hex>` of `canonicalJson({ name, description, input_schema })`. */
  readonly sha256: string;
}

/** A difference between two sessions' tool digests. */
export interface ToolDigestChange {
  readonly name: string;
  /** `changed`: same name, other bytes; `added` / `removed`: only in the later / earlier session. */
  readonly kind: 'changed' | 'added' | 'removed';
  readonly before: string | undefined;
  readonly after: string | undefined;
}

/** The digest pattern a stored session's `tools[].sha256` must match. */
export const TOOL_DIGEST_PATTERN = /^sha256:[0-9a-f]{64}$/;

/** The digest of one tool's canonical bytes. */
export function toolDigest(tool: ToolDefinition): string {
  const bytes = canonicalJson({
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputSchema,
  });
  return `sha256:${createHash('sha256').update(bytes, 'utf8').digest('hex')}`;
}

/** Digests of a tool list, sorted by name (the first of a name wins). */
export function toolDigests(tools: readonly ToolDefinition[]): readonly ToolDigest[] {
  const seen = new Set<string>();
  const out: ToolDigest[] = [];
  for (const t of tools) {
    if (seen.has(t.name)) continue;
    seen.add(t.name);
    out.push(Object.freeze({ name: t.name, sha256: toolDigest(t) }));
  }
  return Object.freeze(out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)));
}

/** What differs between an earlier and a later session's digests, sorted by name. */
export function compareToolDigests(
  before: readonly ToolDigest[],
  after: readonly ToolDigest[],
): readonly ToolDigestChange[] {
  const a = new Map(before.map((d) => [d.name, d.sha256]));
  const b = new Map(after.map((d) => [d.name, d.sha256]));
  const names = [...new Set([...a.keys(), ...b.keys()])].sort();
  const changes: ToolDigestChange[] = [];
  for (const name of names) {
    const x = a.get(name);
    const y = b.get(name);
    if (x === y) continue;
    const kind = x === undefined ? 'added' : y === undefined ? 'removed' : 'changed';
    changes.push(Object.freeze({ name, kind, before: x, after: y }));
  }
  return Object.freeze(changes);
}

/** A saved session as the comparison needs it (a `Session` fits). */
export interface SessionToolRecord {
  readonly id: string;
  readonly createdAt: string;
  /** Undefined for sessions saved before per-tool digests: they are skipped. */
  readonly tools?: readonly ToolDigest[] | undefined;
}

/** The tool changes between two consecutive sessions. */
export interface SessionToolDrift {
  readonly before: string;
  readonly after: string;
  readonly changes: readonly ToolDigestChange[];
}

/**
 * Each pair of consecutive sessions (by creation time, then id) that both recorded tool digests,
 * with what changed between them; pairs with no change are left out.
 */
export function toolDriftAcrossSessions(
  sessions: readonly SessionToolRecord[],
): readonly SessionToolDrift[] {
  const withTools = sessions
    .filter((s) => s.tools !== undefined)
    .sort((a, b) =>
      a.createdAt < b.createdAt
        ? -1
        : a.createdAt > b.createdAt
          ? 1
          : a.id < b.id
            ? -1
            : a.id > b.id
              ? 1
              : 0,
    );
  const drift: SessionToolDrift[] = [];
  for (let i = 1; i < withTools.length; i++) {
    const a = withTools[i - 1] as SessionToolRecord;
    const b = withTools[i] as SessionToolRecord;
    const changes = compareToolDigests(a.tools ?? [], b.tools ?? []);
    if (changes.length > 0) drift.push(Object.freeze({ before: a.id, after: b.id, changes }));
  }
  return Object.freeze(drift);
}
