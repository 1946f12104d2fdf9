/**
 * @module skills/activation-state
 * Which rules and skills have been injected in a conversation, so each is injected once. The
 * state is plain, deeply frozen, JSON-serialisable data: every change returns a new state, a
 * `fork()` copies it, and after compaction it is re-armed for every item whose injected block the
 * compaction removed. Pure.
 */
import { compareCodeUnits } from '../_internal/compare.js';
import { deepFreeze } from '../_internal/freeze.js';
import { ACTIVATION_ATTRIBUTE, activationKeysIn } from '../history/index.js';

/** One injected item. */
export interface ActivationRecord {
  /** Stable key, e.g. `skill:deploy` or `rule:.cursor/rules/api.mdc#api`. */
  readonly key: string;
  /** Why it was injected: `keyword`, `task`, `path`, `invoke`. */
  readonly via: 'keyword' | 'task' | 'path' | 'invoke';
}

/** The activation state of one conversation. */
export interface ActivationState {
  readonly version: 1;
  /** Injected items, sorted by key. */
  readonly records: readonly ActivationRecord[];
}

/** The empty state of a new conversation. */
export function emptyActivationState(): ActivationState {
  return deepFreeze({ version: 1, records: [] });
}

/** True when `key` was injected already. */
export function isActivated(state: ActivationState, key: string): boolean {
  return state.records.some((r) => r.key === key);
}

/** A new state with `records` added (already present keys keep their first record). */
export function markActivated(
  state: ActivationState,
  records: readonly ActivationRecord[],
): ActivationState {
  if (records.length === 0) return state;
  const byKey = new Map(state.records.map((r) => [r.key, r]));
  for (const r of records) if (!byKey.has(r.key)) byKey.set(r.key, { key: r.key, via: r.via });
  const sorted = [...byKey.values()].sort((a, b) => compareCodeUnits(a.key, b.key));
  return deepFreeze({ version: 1, records: sorted });
}

/** A copy for a forked conversation: same items, no shared objects. */
export function forkActivationState(state: ActivationState): ActivationState {
  return deepFreeze({
    version: 1,
    records: state.records.map((r) => ({ key: r.key, via: r.via })),
  });
}

/** The attribute an injected block carries, so compaction survivors can be recognised. */
export function activationAttr(key: string): readonly [string, string] {
  return [ACTIVATION_ATTRIBUTE, encodeURIComponent(key)];
}

/** The marker text of {@link activationAttr} as it appears in a rendered block. */
export function activationMarker(key: string): string {
  const [name, value] = activationAttr(key);
  return `${name}="${value}"`;
}

/**
 * Re-arms after compaction: keeps only the records whose injected fragment still starts a line
 * of one of `survivingTexts` (the text parts and tool results that remain after compaction, see
 * `survivingTexts()` in history; a fragment is found by the {@link activationMarker} on its start
 * line, so a marker quoted inside other text does not count). Everything else can fire again.
 * Agrees with the compaction's `record.rearmed`.
 */
export function rearmAfterCompaction(
  state: ActivationState,
  survivingTexts: readonly string[],
): ActivationState {
  const surviving = activationKeysIn(survivingTexts);
  const kept = state.records.filter((r) => surviving.has(r.key));
  if (kept.length === state.records.length) return state;
  return deepFreeze({ version: 1, records: kept.map((r) => ({ key: r.key, via: r.via })) });
}

/** Parses a serialised state (e.g. from a session file); undefined when it is not one. */
export function parseActivationState(value: unknown): ActivationState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as { version?: unknown; records?: unknown };
  if (v.version !== 1 || !Array.isArray(v.records)) return undefined;
  const records: ActivationRecord[] = [];
  for (const r of v.records as unknown[]) {
    if (typeof r !== 'object' || r === null) return undefined;
    const { key, via } = r as { key?: unknown; via?: unknown };
    if (typeof key !== 'string') return undefined;
    if (via !== 'keyword' && via !== 'task' && via !== 'path' && via !== 'invoke') return undefined;
    records.push({ key, via });
  }
  return markActivated(emptyActivationState(), records);
}
