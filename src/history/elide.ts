/**
 * @module history/elide
 * Compaction stage 1: large tool results outside the most recent turns (and oversized ones
 * anywhere) are stored whole as artifacts and replaced by an `elided-result` fragment holding the
 * head and tail, the line count, the error lines and the reference `read_artifact` takes. Pure:
 * the artifacts to store are returned, not written.
 */
import { Buffer } from 'node:buffer';
import type { TokenCounter } from '../tokens/index.js';
import { type ArtifactRef, artifactRef } from './artifact-store.js';
import { identifyFragment, wrapFragment } from './fragment.js';
import { lineStarts, linesOf } from './lines.js';
import { refreshMemos, trackMemo } from './memo-guard.js';
import type { History, Message, Part, ToolResultPart } from './message.js';
import { toolResultText } from './message.js';
import { errorLineStarts, isErrorLine } from './patterns.js';
import { READ_ARTIFACT_TOOL_NAME } from './read-artifact.js';
import { requirementLineIndicesOf } from './requirements.js';
import { resultErrorLineStarts } from './result-error-lines.js';
import { partTokens } from './token-count.js';

/** Stage 1 settings. */
export interface ElideOptions {
  /** Token counter. */
  readonly tokenCounter: TokenCounter;
  /** Results at or after this message index are recent: kept unless oversized. */
  readonly recentFrom: number;
  /** Results below this many tokens are never elided (default 1000). */
  readonly minTokens?: number;
  /** Recent results above this many tokens are elided anyway. */
  readonly maxRecentTokens: number;
  /** Lines kept from the start (default 20). */
  readonly headLines?: number;
  /** Lines kept from the end (default 20). */
  readonly tailLines?: number;
  /** Error lines kept (default 30: the first 15 and the last 15). */
  readonly maxErrorLines?: number;
  /** Characters kept per shown line (default 400). */
  readonly maxLineChars?: number;
  /** Whether a result must stay whole (a pinned message's, or one holding a pinned text). */
  readonly keep?: (part: ToolResultPart, message: Message) => boolean;
}

/** Content stored for one elided result. */
export interface Artifact {
  /** Its reference. */
  readonly ref: ArtifactRef;
  /** The exact bytes. */
  readonly content: string;
}

/** What stage 1 did to one result. */
export interface ElisionRecord {
  /** The tool message. */
  readonly messageId: string;
  /** The call the result answers. */
  readonly toolCallId: string;
  /** The tool's name. */
  readonly toolName: string;
  /** Where the whole result is. */
  readonly ref: ArtifactRef;
  /** Lines in the result. */
  readonly lines: number;
  /** UTF-8 bytes of the result. */
  readonly bytes: number;
  /** Error lines found (all of them, not only the ones shown). */
  readonly errorLines: number;
  /** Tokens of the result before and after. */
  readonly tokensBefore: number;
  readonly tokensAfter: number;
}

/** Stage 1 output. */
export interface ElideResult {
  /** The new history (unchanged messages are the same objects). */
  readonly history: History;
  /** One record per elided result, in history order. */
  readonly elisions: readonly ElisionRecord[];
  /** The artifacts to store, one per distinct reference. */
  readonly artifacts: readonly Artifact[];
}

function clip(line: string, max: number): string {
  return line.length <= max ? line : `${line.slice(0, max)}…[+${line.length - max} chars]`;
}

/** Line `n` (1-based) of `all` as an elided view shows it: `<n>: <line, clipped>`. */
function shownLine(all: readonly string[], n: number, maxLineChars: number): string {
  return `${n}: ${clip(all[n - 1]!, maxLineChars)}`;
}

/**
 * The text that replaces an elided result. `errorStarts`: {@link errorLineStarts} of `content`, when
 * the caller has it.
 */
export function renderElided(
  content: string,
  toolName: string,
  options: Required<
    Pick<ElideOptions, 'headLines' | 'tailLines' | 'maxErrorLines' | 'maxLineChars'>
  > & {
    tokens: number;
  },
  errorStarts: readonly number[] = errorLineStarts(content),
): { text: string; ref: ArtifactRef; lines: number; bytes: number; errorLines: number } {
  const ref = artifactRef(content);
  const starts = lineStarts(content);
  const total = starts.length;
  const bytes = Buffer.byteLength(content, 'utf8');
  const head = Math.min(options.headLines, total);
  const tailFrom = Math.max(head + 1, total - options.tailLines + 1);
  const errors: number[] = [];
  // only the lines one search of the text names are cut out and checked (see errorLineStarts)
  let n = 1;
  for (const start of errorStarts) {
    while (n < total && starts[n]! <= start) n++;
    if (n <= head) continue;
    if (n >= tailFrom) break;
    const end = n < total ? starts[n]! - 1 : content.length;
    if (isErrorLine(content.slice(start, end))) errors.push(n);
  }
  // requirement lines (list items under an acceptance-criteria heading…) stay visible too
  // (headings may sit in the head, so the whole output is read)
  const all = linesOf(content);
  const isError = new Set(errors);
  const requirements = requirementLineIndicesOf(content, all)
    .map((i) => i + 1)
    .filter((n) => n > head && n < tailFrom && !isError.has(n))
    .slice(0, options.maxErrorLines);
  const half = Math.floor(options.maxErrorLines / 2);
  const shownErrors =
    errors.length <= options.maxErrorLines
      ? errors
      : [...errors.slice(0, half), ...errors.slice(errors.length - (options.maxErrorLines - half))];
  const out: string[] = [
    `[tool output elided: ${total} lines, ${bytes} bytes, ~${options.tokens} tokens. Exact text: ${READ_ARTIFACT_TOOL_NAME} {"ref":"${ref}"} (add "start_line"/"end_line" for a range)]`,
  ];
  if (head > 0) {
    out.push(`--- head: lines 1-${head} ---`);
    for (let n = 1; n <= head; n++) out.push(shownLine(all, n, options.maxLineChars));
  }
  if (errors.length > 0) {
    const note =
      shownErrors.length < errors.length ? `, ${shownErrors.length} shown (first and last)` : '';
    out.push(`--- error lines between head and tail: ${errors.length}${note} ---`);
    for (const n of shownErrors) out.push(shownLine(all, n, options.maxLineChars));
  }
  if (requirements.length > 0) {
    out.push(`--- requirement lines between head and tail: ${requirements.length} ---`);
    for (const n of requirements) out.push(shownLine(all, n, options.maxLineChars));
  }
  if (tailFrom <= total) {
    if (tailFrom > head + 1) out.push(`--- ${tailFrom - head - 1} lines elided ---`);
    out.push(`--- tail: lines ${tailFrom}-${total} ---`);
    for (let n = tailFrom; n <= total; n++) out.push(shownLine(all, n, options.maxLineChars));
  }
  const attributes = { bytes: String(bytes), lines: String(total), ref, tool: toolName };
  return {
    text: wrapFragment('elided-result', out.join('\n'), attributes),
    ref,
    lines: total,
    bytes,
    errorLines: errors.length,
  };
}

/** One result's stub as last made, and what it was made from besides the part. */
interface Stub {
  readonly counter: TokenCounter;
  readonly key: string;
  readonly rendered: ReturnType<typeof renderElided>;
  readonly part: ToolResultPart;
  readonly tokensAfter: number;
}

/**
 * Stubs by result part, and stage-1 messages by input message: parts and messages are immutable,
 * and a live session's next compaction elides the same results again. Returning the same objects
 * keeps the token counts, ledger steps and summary readings memoised on them.
 */
const stubs = new WeakMap<ToolResultPart, Stub>();
const elidedMessages = new WeakMap<Message, Message>();
trackMemo(stubs);
trackMemo(elidedMessages);

/** The stub of `p` for these settings (made, or the one made last time from the same inputs). */
function stubOf(
  p: ToolResultPart,
  toolName: string,
  tokens: number,
  settings: Required<
    Pick<ElideOptions, 'headLines' | 'tailLines' | 'maxErrorLines' | 'maxLineChars'>
  >,
  counter: TokenCounter,
): Stub {
  const key = `${toolName}\u0000${tokens}\u0000${settings.headLines}\u0000${settings.tailLines}\u0000${settings.maxErrorLines}\u0000${settings.maxLineChars}`;
  const hit = stubs.get(p);
  if (hit !== undefined && hit.counter === counter && hit.key === key) return hit;
  const content = toolResultText(p);
  const rendered = renderElided(
    content,
    toolName,
    { ...settings, tokens },
    resultErrorLineStarts(p, content),
  );
  const stub: Stub = {
    counter,
    key,
    rendered,
    part: { ...p, content: rendered.text },
    tokensAfter: counter.count(rendered.text) + 3,
  };
  stubs.set(p, stub);
  return stub;
}

/** `m` with `parts`: the message made last time when its parts are the same objects. */
function withParts(m: Message, parts: readonly Part[]): Message {
  const last = elidedMessages.get(m);
  if (last !== undefined && last.parts.length === parts.length) {
    let same = true;
    for (let i = 0; i < parts.length && same; i++) same = last.parts[i] === parts[i];
    if (same) return last;
  }
  const next = { ...m, parts };
  elidedMessages.set(m, next);
  return next;
}

function elidable(part: ToolResultPart): boolean {
  const c = part.content;
  if (c === undefined) return false;
  if (typeof c !== 'string' && !c.every((b) => b.type === 'text')) return false;
  return identifyFragment(toolResultText(part))?.type !== 'elided-result';
}

/** What the parts of one {@link elideToolResults} call share. */
interface ElideRun {
  readonly options: ElideOptions;
  readonly settings: Required<
    Pick<ElideOptions, 'headLines' | 'tailLines' | 'maxErrorLines' | 'maxLineChars'>
  >;
  /** Tool name by call id. */
  readonly names: ReadonlyMap<string, string>;
  readonly elisions: ElisionRecord[];
  readonly artifacts: Map<string, Artifact>;
}

/** Part `p` of tool message `m`, or its stub when it is elided (recorded in `run`). */
function elidedPart(run: ElideRun, p: Part, m: Message, limit: number): Part {
  const { options, names } = run;
  if (p.type !== 'tool-result' || !elidable(p)) return p;
  // a page read back from an artifact is never elided: its stub would only point the model
  // back at the artifact it just read (a readback loop)
  if (names.get(p.toolCallId) === READ_ARTIFACT_TOOL_NAME) return p;
  if (options.keep?.(p, m) === true) return p;
  const tokens = partTokens(p, options.tokenCounter);
  if (tokens < limit) return p;
  const toolName = names.get(p.toolCallId) ?? 'unknown';
  const stub = stubOf(p, toolName, tokens, run.settings, options.tokenCounter);
  const { rendered: r, tokensAfter } = stub;
  if (tokensAfter >= tokens) return p;
  run.artifacts.set(r.ref, { ref: r.ref, content: toolResultText(p) });
  run.elisions.push({
    messageId: m.id,
    toolCallId: p.toolCallId,
    toolName,
    ref: r.ref,
    lines: r.lines,
    bytes: r.bytes,
    errorLines: r.errorLines,
    tokensBefore: tokens,
    tokensAfter,
  });
  return stub.part;
}

/**
 * Elides large tool results. Results before `recentFrom` are elided from `minTokens` on; recent
 * ones only above `maxRecentTokens`. Results holding images, results already elided and results
 * of `read_artifact` calls stay.
 */
export function elideToolResults(history: History, options: ElideOptions): ElideResult {
  // a message edited in place since its last check: its memo entries are dropped first
  refreshMemos(history);
  const settings = {
    headLines: options.headLines ?? 20,
    tailLines: options.tailLines ?? 20,
    maxErrorLines: options.maxErrorLines ?? 30,
    maxLineChars: options.maxLineChars ?? 400,
  };
  const minTokens = options.minTokens ?? 1000;
  const names = new Map<string, string>();
  for (const m of history)
    for (const p of m.parts) if (p.type === 'tool-call') names.set(p.id, p.name);
  const run: ElideRun = { options, settings, names, elisions: [], artifacts: new Map() };
  // loops and a module-level function, not arrows made per call: V8 drops an arrow's optimised
  // code at a full collection once its last instance is gone (see countAll in compact.ts)
  const out: Message[] = [];
  for (let index = 0; index < history.length; index++) {
    const m = history[index]!;
    if (m.role !== 'tool') {
      out.push(m);
      continue;
    }
    const limit = index >= options.recentFrom ? options.maxRecentTokens : minTokens;
    let changed = false;
    const parts: Part[] = [];
    for (const p of m.parts) {
      const q = elidedPart(run, p, m, limit);
      if (q !== p) changed = true;
      parts.push(q);
    }
    out.push(changed ? withParts(m, parts) : m);
  }
  const { elisions, artifacts } = run;
  return { history: out, elisions, artifacts: [...artifacts.values()] };
}
