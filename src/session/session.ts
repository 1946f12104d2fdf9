/**
 * @module session/session
 * `Session`: what ctxloom keeps per conversation, as deeply frozen, versioned, serialisable data.
 * A session holds the conversation (`history`, in the history module's one message model) and
 * every piece of engine state, so one revision saves all of it. `forkSession` branches it: the
 * branch keeps the history and what was already injected, so path rules and skills do not fire
 * twice, links back to its parent, and starts its own cache figures at zero.
 */

import { compareCodeUnits } from '../_internal/compare.js';
import { deepFreeze } from '../_internal/freeze.js';
import { isRecord as isObj } from '../_internal/records.js';
import { CtxloomError } from '../diagnostics/index.js';
import {
  CTXLOOM_TRANSCRIPT_FORMAT,
  type History,
  type Pin,
  readTranscript,
} from '../history/index.js';
import {
  type ActivationRecord,
  type ActivationState,
  markActivated as addActivations,
  parseActivationState,
} from '../skills/index.js';
import { TOOL_DIGEST_PATTERN, type ToolDigest } from '../tools/index.js';

/** The current on-disk format version. */
export const SESSION_FORMAT_VERSION = 3;

/** One compaction that happened in this session. */
export interface CompactionRecord {
  /** ISO time it happened. */
  readonly at: string;
  readonly tokensBefore: number;
  readonly tokensAfter: number;
  /** Artifact references of the tool results elided by it. */
  readonly artifacts: readonly string[];
}

/** Cache figures accumulated over the session. */
export interface SessionCacheFigures {
  readonly turns: number;
  readonly inputTotal: number;
  readonly cacheRead: number;
  readonly cacheWrite: number;
}

/** Everything ctxloom keeps per conversation. */
export interface Session {
  readonly version: typeof SESSION_FORMAT_VERSION;
  readonly id: string;
  /** The session this one was forked from. */
  readonly parentId: string | undefined;
  /** ISO creation time. */
  readonly createdAt: string;
  /** Incremented on every save; guards against lost updates. */
  readonly revision: number;
  /**
   * Path rules and skills already injected, sorted by key: the skills module's activation
   * records (dedup state: each fires once; carried into forks).
   */
  readonly activated: readonly ActivationRecord[];
  /** Names of skills the model invoked. */
  readonly invokedSkills: readonly string[];
  /** The confirmed plan's text when this session last saw it. */
  readonly plan: string | undefined;
  readonly compactions: readonly CompactionRecord[];
  /** Artifact store references (elided tool results). */
  readonly artifacts: readonly string[];
  readonly cache: SessionCacheFigures;
  /** The conversation, oldest first (history module's message model). */
  readonly history: History;
  /** The number the next message id is made from (`m<n>`): ids stay unique across turns and processes. */
  readonly messageSeq: number;
  /**
   * The tools the session sent, each with the SHA-256 of its canonical bytes, sorted by name
   * (`toolDigests`); `ctxloom doctor` compares them between sessions. Optional in format 3:
   * sessions saved before it have none (`undefined`), and nothing is compared for them.
   */
  readonly tools?: readonly ToolDigest[] | undefined;
  /**
   * What `ContextEngine.pin()` pinned, oldest first: `{ messageId }` or `{ text }`, each non-empty.
   * Optional in format 3: sessions saved before it (or with nothing pinned) have none. A fork
   * copies them (the sub-agent continues the same history).
   */
  readonly pins?: readonly Pin[] | undefined;
}

const NO_FIGURES: SessionCacheFigures = { turns: 0, inputTotal: 0, cacheRead: 0, cacheWrite: 0 };

/** A new, empty session. The id and time come from the caller (the edge). */
export function createSession(init: {
  id: string;
  createdAt: string;
  parentId?: string | undefined;
}): Session {
  return deepFreeze({
    version: SESSION_FORMAT_VERSION,
    id: init.id,
    parentId: init.parentId,
    createdAt: init.createdAt,
    revision: 0,
    activated: [],
    invokedSkills: [],
    plan: undefined,
    compactions: [],
    artifacts: [],
    cache: NO_FIGURES,
    history: [],
    messageSeq: 0,
  }) as Session;
}

/**
 * A copy of `session` under a new id, linked to its parent, keeping the history and all injected
 * state; the cache figures start at zero (the fork has sent no request yet).
 */
export function forkSession(session: Session, init: { id: string; createdAt: string }): Session {
  if (init.id === session.id) throw new CtxloomError('E_SESSION_FORK', 'a fork needs a new id');
  return deepFreeze({
    ...structuredClone(session),
    id: init.id,
    parentId: session.id,
    createdAt: init.createdAt,
    revision: 0,
    cache: NO_FIGURES,
  }) as Session;
}

/** Returns `session` with `patch` applied (never mutates). */
export function updateSession(
  session: Session,
  patch: Partial<Omit<Session, 'version' | 'id' | 'createdAt' | 'revision'>>,
): Session {
  return deepFreeze({ ...structuredClone(session), ...structuredClone(patch) }) as Session;
}

/** Records injected rules or skills; already-injected keys are kept once, sorted by key. */
export function markActivated(session: Session, records: readonly ActivationRecord[]): Session {
  const state = addActivations(activationState(session), records);
  return updateSession(session, { activated: state.records });
}

/** The session's activation state, in the skills module's shape (for the trigger engine). */
export function activationState(session: Session): ActivationState {
  return deepFreeze({
    version: 1,
    records: session.activated.map((r) => ({ key: r.key, via: r.via })),
  }) as ActivationState;
}

/** Stores an activation state (after injections, or re-arming after compaction) in the session. */
export function withActivationState(session: Session, state: ActivationState): Session {
  return updateSession(session, { activated: state.records });
}

// ---- serialisation with schema check and migration ----

const isStrArr = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');
const isNat = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** Serialises to stable, pretty JSON. */
export function serializeSession(session: Session): string {
  return `${JSON.stringify(session, null, 2)}\n`;
}

/**
 * Version 1 (before forks and cache figures) had `rules` and `skills` (lists of keys) instead of
 * `activated` records, and no `parentId`, `revision`, `cache` or `artifacts`.
 */
function migrateV1(v1: Record<string, unknown>): Record<string, unknown> {
  const activated = [
    ...(isStrArr(v1.rules) ? v1.rules : []).map((key) => ({ key, via: 'path' })),
    ...(isStrArr(v1.skills) ? v1.skills : []).map((key) => ({ key, via: 'invoke' })),
  ].sort((a, b) => compareCodeUnits(a.key, b.key));
  return {
    version: 2,
    id: v1.id,
    parentId: undefined,
    createdAt: v1.createdAt,
    revision: 0,
    activated: activated.filter((r, i) => i === 0 || activated[i - 1]?.key !== r.key),
    invokedSkills: isStrArr(v1.skills) ? v1.skills : [],
    plan: typeof v1.plan === 'string' ? v1.plan : undefined,
    compactions: Array.isArray(v1.compactions) ? v1.compactions : [],
    artifacts: [],
    cache: { turns: 0, inputTotal: 0, cacheRead: 0, cacheWrite: 0 },
  };
}

/** Version 2 (before sessions held the history) had no `history` or `messageSeq`. */
function migrateV2(v2: Record<string, unknown>): Record<string, unknown> {
  return { ...v2, version: 3, history: [], messageSeq: 0 };
}

/**
 * Parses and checks a stored session, migrating older versions. Anything malformed is
 * `E_SESSION_CORRUPT` naming the field (the caller must not overwrite the file).
 */
export function parseSession(text: string, source = 'session'): Session {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new CtxloomError(
      'E_SESSION_CORRUPT',
      `${source}: not valid JSON (${(error as Error).message})`,
    );
  }
  if (!isObj(raw)) throw new CtxloomError('E_SESSION_CORRUPT', `${source}: expected a JSON object`);
  let data = raw;
  if (data.version === 1) data = migrateV1(data);
  if (data.version === 2) data = migrateV2(data);
  else if (data.version !== SESSION_FORMAT_VERSION) {
    throw new CtxloomError(
      'E_SESSION_VERSION',
      `${source}: unsupported session format version ${JSON.stringify(data.version)} (this ctxloom reads 1 to ${SESSION_FORMAT_VERSION})`,
    );
  }
  const bad = (field: string) =>
    new CtxloomError('E_SESSION_CORRUPT', `${source}: field "${field}" is missing or malformed`);
  if (typeof data.id !== 'string' || data.id === '') throw bad('id');
  if (data.parentId !== undefined && typeof data.parentId !== 'string') throw bad('parentId');
  if (typeof data.createdAt !== 'string' || Number.isNaN(Date.parse(data.createdAt)))
    throw bad('createdAt');
  if (!isNat(data.revision)) throw bad('revision');
  const activation = parseActivationState({ version: 1, records: data.activated });
  if (activation === undefined) throw bad('activated');
  if (!isStrArr(data.invokedSkills)) throw bad('invokedSkills');
  if (data.plan !== undefined && typeof data.plan !== 'string') throw bad('plan');
  if (!isStrArr(data.artifacts)) throw bad('artifacts');
  if (!Array.isArray(data.compactions)) throw bad('compactions');
  data.compactions.forEach((c, i) => {
    if (
      !isObj(c) ||
      typeof c.at !== 'string' ||
      !isNat(c.tokensBefore) ||
      !isNat(c.tokensAfter) ||
      !isStrArr(c.artifacts)
    )
      throw bad(`compactions[${i}]`);
  });
  const cache = data.cache;
  if (
    !isObj(cache) ||
    !isNat(cache.turns) ||
    !isNat(cache.inputTotal) ||
    !isNat(cache.cacheRead) ||
    !isNat(cache.cacheWrite)
  )
    throw bad('cache');
  if (!isNat(data.messageSeq)) throw bad('messageSeq');
  if (data.tools !== undefined && !isToolDigests(data.tools)) throw bad('tools');
  if (data.pins !== undefined && !isPins(data.pins)) throw bad('pins');
  let history: History;
  try {
    history = readTranscript(
      { format: CTXLOOM_TRANSCRIPT_FORMAT, version: 1, messages: data.history },
      'ctxloom',
    ).history;
  } catch (error) {
    throw new CtxloomError(
      'E_SESSION_CORRUPT',
      `${source}: field "history" is malformed (${(error as Error).message})`,
    );
  }
  return deepFreeze({
    version: SESSION_FORMAT_VERSION,
    id: data.id,
    parentId: data.parentId,
    createdAt: data.createdAt,
    revision: data.revision,
    activated: activation.records,
    invokedSkills: data.invokedSkills,
    plan: data.plan,
    compactions: data.compactions,
    artifacts: data.artifacts,
    cache: {
      turns: cache.turns,
      inputTotal: cache.inputTotal,
      cacheRead: cache.cacheRead,
      cacheWrite: cache.cacheWrite,
    },
    history,
    messageSeq: data.messageSeq,
    ...(data.tools === undefined ? {} : { tools: data.tools }),
    ...(data.pins === undefined ? {} : { pins: data.pins.map(pinOf) }),
  }) as Session;
}

/** `pins`: each `{ messageId }` or `{ text }` alone, a non-empty string. */
function isPins(v: unknown): v is Pin[] {
  return (
    Array.isArray(v) &&
    v.every((p) => {
      if (!isObj(p)) return false;
      const keys = Object.keys(p);
      if (keys.length !== 1) return false;
      const value = keys[0] === 'messageId' ? p.messageId : keys[0] === 'text' ? p.text : undefined;
      return typeof value === 'string' && value !== '';
    })
  );
}

/** A fresh pin with only its own field. */
function pinOf(p: Pin): Pin {
  return 'messageId' in p ? { messageId: p.messageId } : { text: p.text };
}

/** `tools`: `{ name, sha256 }` entries, digests of the right shape. */
function isToolDigests(v: unknown): v is ToolDigest[] {
  return (
    Array.isArray(v) &&
    v.every(
      (d) =>
        isObj(d) &&
        typeof d.name === 'string' &&
        typeof d.sha256 === 'string' &&
        TOOL_DIGEST_PATTERN.test(d.sha256),
    )
  );
}
