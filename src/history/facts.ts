/**
 * @module history/facts
 * The fact ledger: what a summary of a forgotten range must keep verbatim, whoever writes it.
 * Goals and acceptance criteria the user typed, confirmed facts and decisions (`Confirmed: …`),
 * task ids, hashes, paths, error lines and artifact references. Any summariser's output is checked against it and every missing fact is appended.
 */
import { identifyFragment } from './fragment.js';
import { trackMemo } from './memo-guard.js';
import type { History, Message, ToolCallPart, ToolResultPart } from './message.js';
import { toolCallArguments, toolResultText } from './message.js';
import {
  findArtifactRefs,
  findBareIds,
  findHashes,
  findPaths,
  findTaskIds,
  firstNonEmptyLine,
  isErrorLine,
  isGoalLine,
  lineFrom,
  nonEmptyLines,
} from './patterns.js';
import { requirementLines } from './requirements.js';
import { resultErrorLineStarts } from './result-error-lines.js';
import { occurrences } from './substring-set.js';
import { isTypedByUser } from './turns.js';

/** Kinds of pinned facts, in the order a summary lists them. */
export type FactKind =
  | 'goal'
  | 'confirmed'
  | 'task'
  | 'hash'
  | 'path'
  | 'error'
  | 'artifact'
  | 'url'
  | 'pinned';

/** One pinned fact. */
export interface Fact {
  /** What it is. */
  readonly kind: FactKind;
  /** The exact text that must survive. */
  readonly value: string;
  /** The message it was first seen in. */
  readonly messageId: string;
}

/** Caps on what one tool result contributes (the rest stays reachable through its artifact). */
export const LEDGER_LIMITS = Object.freeze({
  /** Error lines per tool result: the first and last half. */
  errorLinesPerResult: 20,
  /** Hashes per tool result. */
  hashesPerResult: 20,
  /** Longest error line kept as a fact (longer ones are cut at a word and marked). */
  maxFactChars: 500,
  /** Every line of a user message up to this many characters is a goal. */
  wholeGoalChars: 280,
});

const CONFIRMED =
  /^\s*(?:[-*]\s+)?(?:\*\*)?(?:confirmed|verified|decision|decided|agreed)(?:\*\*)?\s*:/i;

/** Whether a line records a confirmed fact or decision (`Confirmed: …`, `Decision: …`). */
export function isConfirmedLine(line: string): boolean {
  return CONFIRMED.test(line);
}

/**
 * The mark the summary puts after text it quotes from tool output (see `summary.ts`); a fact
 * read back from a summary is stored without it.
 */
export const TOOL_OUTPUT_MARK = ' [tool output]';

function unmarked(item: string): string {
  return item.endsWith(TOOL_OUTPUT_MARK) ? item.slice(0, -TOOL_OUTPUT_MARK.length) : item;
}

/** Summary section items (`- item`) under a `## heading` of a previous summary body. */
export function summaryItems(body: string, heading: string): string[] {
  const lines = body.split('\n');
  const out: string[] = [];
  let inside = false;
  for (const line of lines) {
    if (line.startsWith('## ')) inside = line.slice(3).trim() === heading;
    else if (inside && line.startsWith('- ') && line !== '- (none)') out.push(line.slice(2));
  }
  return out;
}

function capErrors(lines: string[]): string[] {
  const n = LEDGER_LIMITS.errorLinesPerResult;
  if (lines.length <= n) return lines;
  return [...lines.slice(0, n / 2), ...lines.slice(lines.length - n / 2)];
}

function limitChars(value: string): string {
  return value.length <= LEDGER_LIMITS.maxFactChars
    ? value
    : value.slice(0, LEDGER_LIMITS.maxFactChars);
}

/** Options of {@link extractFactLedger}. */
export interface FactLedgerOptions {
  /**
   * The exact text behind an elided result's artifact reference, when the caller has it (a
   * compaction passes its stage-1 artifacts): requirement lines are then read from the whole
   * output, not only from the lines the elided view shows.
   */
  readonly resolve?: (ref: string) => string | undefined;
  /** Texts the caller pinned: each one the range holds is a `pinned` fact. */
  readonly pins?: readonly string[];
}

const EDIT_TOOL = /edit|write|create|replace|patch|insert/i;
const PATH_KEYS = ['file_path', 'path', 'filePath', 'file', 'filename', 'target_file'];
/** Files a shell command writes: `sed -i … FILE`, `> FILE`, `>> FILE`, `tee FILE`. */
const SHELL_TARGET =
  /(?:\bsed\s+-i\S*\s+(?:'[^']*'|"[^"]*"|\S+)\s+|(?<![0-9&>])>>?\s*|\btee\s+(?:-a\s+)?)([\w./~-]+\.\w+)/g;
/** Lower-case ids with dotted sub-ids (`proj-abc.3`); their root (`proj-abc`) is an id too. */
const DOTTED_ID = /(?<![\w.-])([a-z][a-z0-9]*-[a-z0-9]{2,12})((?:\.\d+)+)(?![\w-])/g;
const URL = /\bhttps?:\/\/[^\s"'<>()[\]`]+[^\s"'<>()[\].,;:`]/g;

/** The files an edit-like tool call or a shell command writes. */
function editedPaths(part: ToolCallPart): string[] {
  const input = part.input;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return [];
  const r = input as Record<string, unknown>;
  const out: string[] = [];
  if (EDIT_TOOL.test(part.name)) {
    const key = PATH_KEYS.find((k) => typeof r[k] === 'string');
    if (key !== undefined) out.push(r[key] as string);
  }
  const command = r.command ?? r.cmd;
  if (typeof command === 'string') {
    for (const m of command.matchAll(SHELL_TARGET)) if (!m[1]!.startsWith('/dev/')) out.push(m[1]!);
  }
  return out;
}

/** A failed assertion (ExUnit `Assertion with == failed`, `AssertionError`, `assert … failed`). */
const ASSERTION = /\bassert(?:ion)?(?:error)?\b.*\bfail|\bassertionerror\b/i;
/** The detail lines a test runner prints under a failed assertion (`code:`, `left:`, `Expected:`). */
const ASSERTION_DETAIL = /^\s*(?:code|left|right|expected|actual|received|got|want)\s*:/i;

/** Error lines of a tool result's lines, with the detail lines under each failed assertion. */
function errorLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!isErrorLine(line)) continue;
    out.push(line);
    if (!ASSERTION.test(line)) continue;
    for (let j = i + 1; j < lines.length && j <= i + 4 && ASSERTION_DETAIL.test(lines[j]!); j++)
      out.push(lines[j]!);
  }
  return out;
}

const NOT_BLANK = /\S/;

/**
 * {@link errorLines} of the {@link nonEmptyLines} of `text`, without splitting it: only the
 * lines {@link errorLineStarts} names are cut out (and the few after a failed assertion).
 */
function errorLinesOfText(part: ToolResultPart, text: string): string[] {
  const out: string[] = [];
  for (const start of resultErrorLineStarts(part, text)) {
    const [line, after] = lineFrom(text, start);
    if (!isErrorLine(line)) continue;
    out.push(line);
    if (!ASSERTION.test(line)) continue;
    // the next four non-empty lines at most, while they are detail lines
    let at = after;
    for (let seen = 0; at >= 0 && seen < 4; ) {
      const [next, nextAt] = lineFrom(text, at);
      at = nextAt;
      if (!NOT_BLANK.test(next)) continue;
      seen++;
      if (!ASSERTION_DETAIL.test(next)) break;
      out.push(next);
    }
  }
  return out;
}

/** The task ids and dotted ids of a text, found once for {@link typedIds} and the ledger's kinds. */
interface TextIds {
  readonly task: readonly string[];
  readonly dotted: readonly string[];
}

function idsOf(text: string): TextIds {
  return { task: findTaskIds(text), dotted: dottedIds(text) };
}

/** Ids a user typed (`PROJ-12`, `proj-abc`, `proj-abc.3`); `ids`: {@link idsOf} `text`. */
function typedIds(text: string, ids: TextIds = idsOf(text)): string[] {
  return [...ids.task, ...ids.dotted, ...findBareIds(text)];
}

/** What every dotted id holds (a cheap pre-check). */
const DOTTED_HINT = /-[a-z0-9]{2,12}\.\d/;

/** Dotted ids and their roots in `text`. */
function dottedIds(text: string): string[] {
  const out: string[] = [];
  if (!DOTTED_HINT.test(text)) return out;
  for (const m of text.matchAll(DOTTED_ID)) out.push(m[1]!, m[0]);
  return out;
}

/**
 * One step of reading a message, replayed against the ledger's state: a fact to add (with its
 * dedup key), an id the user typed, the ids a tool call names, a tool result's title (a goal when
 * one of its ids was typed or asked for), a URL of the message.
 */
type LedgerOp =
  | readonly [0, FactKind, string, string]
  | readonly [1, string]
  | readonly [2, string, readonly string[]]
  | readonly [3, string, string, readonly string[]]
  | readonly [4, string];

/** What reading one message gave: its steps, and the artifact texts it resolved. */
export interface RecordedMessage {
  readonly ops: readonly LedgerOp[];
  readonly resolved: readonly (readonly [string, string | undefined])[];
}

/**
 * The steps of each message read so far, for a caller that reads the same messages again (a
 * compaction: the range of each attempt, then the whole input for its report; the next
 * compaction of a live session, over the messages it kept). Messages are immutable, so a message
 * read again is replayed, not re-matched; an entry is used only when every artifact it resolved
 * resolves to the same text. A `WeakMap` (compaction's, process-wide) or a `Map`.
 */
export interface LedgerMemo {
  get(m: Message): RecordedMessage | undefined;
  set(m: Message, r: RecordedMessage): unknown;
}

/** The memo compaction shares across calls: a message dropped by the session drops its entry. */
const ledgerMemo = new WeakMap<Message, RecordedMessage>();
trackMemo(ledgerMemo);
export const sharedLedgerMemo: LedgerMemo = ledgerMemo;

function factKey(kind: FactKind, value: string): string {
  return `${kind}\u0000${value}`;
}

const QUOTED_LINE = /^\d+: /;

/** The output lines an elided view quotes (`<n>: <line>`), without their `<n>: ` prefix. */
function quotedLines(body: string): string[] {
  const out: string[] = [];
  for (const l of nonEmptyLines(body))
    if (QUOTED_LINE.test(l)) out.push(l.slice(l.indexOf(': ') + 2));
  return out;
}

/** Reads one message into its ledger steps; no state but the steps themselves. */
class MessageReader {
  readonly ops: LedgerOp[] = [];
  readonly resolved: [string, string | undefined][] = [];

  constructor(readonly options: FactLedgerOptions) {}

  add(kind: FactKind, value: string): void {
    if (value.trim() === '') return;
    this.ops.push([0, kind, value, factKey(kind, value)]);
  }

  /**
   * The kinds every text holds: task ids, dotted ids, URLs, hashes, artifact refs, paths. `ids`:
   * {@link idsOf} `text`, when the caller has them.
   */
  common(text: string, withPaths: boolean, ids: TextIds = idsOf(text)): void {
    for (const id of ids.task) this.add('task', id);
    for (const id of ids.dotted) this.add('task', id);
    if (text.includes('://')) for (const u of text.matchAll(URL)) this.ops.push([4, u[0]]);
    for (const h of findHashes(text).slice(0, LEDGER_LIMITS.hashesPerResult)) this.add('hash', h);
    for (const r of findArtifactRefs(text)) this.add('artifact', r);
    if (withPaths) for (const p of findPaths(text)) this.add('path', p);
  }

  message(m: Message): void {
    for (const part of m.parts) {
      if (part.type === 'text') this.#text(part.text, m);
      else if (part.type === 'tool-call') this.#toolCall(part);
      else if (part.type === 'tool-result') this.#toolResult(part);
    }
  }

  /** A summary of an earlier compaction: its items carry their kinds over. */
  #summary(body: string): void {
    for (const g of summaryItems(body, 'User context and acceptance criteria')) this.add('goal', g);
    for (const e of summaryItems(body, 'Tests')) if (isErrorLine(e)) this.add('error', unmarked(e));
    for (const c of summaryItems(body, 'Current state'))
      if (isConfirmedLine(c)) this.add('confirmed', c);
    for (const e of summaryItems(body, 'Facts the summary left out')) {
      const sep = e.indexOf(': ');
      const kind = e.slice(0, sep) as FactKind;
      if (sep > 0 && ['goal', 'error', 'confirmed'].includes(kind))
        this.add(kind, e.slice(sep + 2));
    }
    for (const u of body.matchAll(URL)) this.add('url', u[0]);
    this.common(body, true);
  }

  #text(text: string, m: Message): void {
    const fragment = identifyFragment(text);
    if (fragment?.type === 'summary') {
      this.#summary(fragment.body);
      return;
    }
    if (fragment !== undefined) return; // skills, rules, plans: re-injected or re-armed
    if (m.role === 'user') for (const r of requirementLines(text)) this.add('goal', limitChars(r));
    const ids = idsOf(text);
    const lines = m.role === 'user' || m.role === 'assistant' ? nonEmptyLines(text) : [];
    if (isTypedByUser(m)) {
      for (const id of typedIds(text, ids)) this.ops.push([1, id]);
      const whole = text.trim().length <= LEDGER_LIMITS.wholeGoalChars;
      for (const line of lines) {
        if (whole || isGoalLine(line)) this.add('goal', limitChars(line.trim()));
      }
    }
    for (const line of lines) {
      if (isConfirmedLine(line)) this.add('confirmed', limitChars(line.trim()));
    }
    this.common(text, true, ids);
  }

  #toolCall(part: ToolCallPart): void {
    for (const p of editedPaths(part)) this.add('path', limitChars(p));
    const args = toolCallArguments(part);
    const ids = idsOf(args);
    const named = typedIds(args, ids);
    if (named.length > 0) this.ops.push([2, part.id, named]);
    this.common(args, true, ids);
  }

  #toolResult(part: ToolResultPart): void {
    const text = toolResultText(part);
    const elided = identifyFragment(text);
    // in an elided result only the quoted output lines (`<n>: <line>`) count, not its framing
    // (without their `<n>: ` prefix: a line the tool printed as `FAIL …` is an error line)
    // (a raw text is not split: its first line and its error lines are cut out of it)
    const candidates = elided?.type === 'elided-result' ? quotedLines(elided.body) : undefined;
    const ref = elided?.type === 'elided-result' ? elided.attributes.ref : undefined;
    let whole = text;
    if (ref !== undefined) {
      const content = this.options.resolve?.(ref);
      this.resolved.push([ref, content]);
      whole = content ?? '';
    }
    for (const r of requirementLines(whole)) this.add('goal', limitChars(r));
    // the title from the whole output: an elided view clips long lines
    const title = (
      ref === undefined
        ? candidates === undefined
          ? firstNonEmptyLine(text)
          : candidates[0]
        : firstNonEmptyLine(whole)
    )?.trim();
    if (title !== undefined) {
      const ids = typedIds(title);
      if (ids.length > 0) this.ops.push([3, part.toolCallId, limitChars(title), ids]);
    }
    // the lines of an elided view are cut out of its lines: only a raw text is checked whole
    const errors = candidates === undefined ? errorLinesOfText(part, text) : errorLines(candidates);
    for (const e of capErrors(errors)) {
      this.add('error', limitChars(e.trim()));
      for (const p of findPaths(e)) this.add('path', p);
    }
    this.common(text, false);
  }
}

/** The ledger while it is built: facts in order of first appearance, deduplicated by kind and value. */
class LedgerBuilder {
  readonly facts: Fact[] = [];
  readonly #seen = new Set<string>();
  readonly #urls = new Map<string, { count: number; message: Message }>();
  // ids the user typed, and the ids each tool call names: a tool result whose first line names
  // one is the text of that task (an issue tracker's `show`), and that line (its title) is a goal
  readonly #userIds = new Set<string>();
  readonly #callIds = new Map<string, readonly string[]>();

  constructor(
    readonly options: FactLedgerOptions,
    readonly memo: LedgerMemo | undefined,
  ) {}

  add(kind: FactKind, value: string, m: Message, key: string = factKey(kind, value)): void {
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    this.facts.push(Object.freeze({ kind, value, messageId: m.id }));
  }

  #read(m: Message): RecordedMessage {
    const hit = this.memo?.get(m);
    const resolve = this.options.resolve;
    if (hit?.resolved.every(([ref, v]) => resolve?.(ref) === v)) return hit;
    const reader = new MessageReader(this.options);
    reader.message(m);
    const fresh: RecordedMessage = { ops: reader.ops, resolved: reader.resolved };
    this.memo?.set(m, fresh);
    return fresh;
  }

  message(m: Message): void {
    // URLs of this message (a URL is a fact when two or more messages hold it)
    const urls = new Set<string>();
    for (const op of this.#read(m).ops) {
      if (op[0] === 0) this.add(op[1], op[2], m, op[3]);
      else if (op[0] === 1) this.#userIds.add(op[1]);
      else if (op[0] === 2) this.#callIds.set(op[1], op[2]);
      else if (op[0] === 3) {
        const asked = this.#callIds.get(op[1]) ?? [];
        if (op[3].some((id) => this.#userIds.has(id) || asked.includes(id)))
          this.add('goal', op[2], m);
      } else urls.add(op[1]);
    }
    for (const u of urls) {
      const seenUrl = this.#urls.get(u);
      if (seenUrl === undefined) this.#urls.set(u, { count: 1, message: m });
      else seenUrl.count++;
    }
  }

  /** URLs seen in two or more messages, then the pins (each at the first message showing it). */
  finish(messages: History): readonly Fact[] {
    for (const [u, { count, message }] of this.#urls)
      if (count >= 2) this.#addChecked('url', limitChars(u), message);
    for (const pin of this.options.pins ?? []) {
      const at = messages.find((m) => messageVisibleText(m).includes(pin));
      if (at !== undefined) this.#addChecked('pinned', pin, at);
    }
    return Object.freeze(this.facts);
  }

  #addChecked(kind: FactKind, value: string, m: Message): void {
    if (value.trim() !== '') this.add(kind, value, m);
  }
}

/**
 * Extracts the ledger of `messages` (the range about to be forgotten), deduplicated by kind and
 * value, in order of first appearance. URLs are facts when they occur in two or more messages
 * of the range. Pure, deterministic and linear in the size of the range.
 */
export function extractFactLedger(
  messages: History,
  options: FactLedgerOptions = {},
): readonly Fact[] {
  return ledgerWithMemo(messages, options, undefined);
}

/** {@link extractFactLedger}, replaying the messages `memo` holds (and adding the rest to it). */
export function ledgerWithMemo(
  messages: History,
  options: FactLedgerOptions,
  memo: LedgerMemo | undefined,
): readonly Fact[] {
  const ledger = new LedgerBuilder(options, memo);
  for (const m of messages) ledger.message(m);
  return ledger.finish(messages);
}

/** The text of a message a model sees: texts, call arguments, results (joined by newlines). */
export function messageVisibleText(m: Message): string {
  const out: string[] = [];
  for (const p of m.parts) {
    if (p.type === 'text') out.push(p.text);
    else if (p.type === 'tool-call') out.push(toolCallArguments(p));
    else if (p.type === 'tool-result') out.push(toolResultText(p));
  }
  return out.join('\n');
}

/** The facts whose value does not appear verbatim in `text`. */
export function missingFacts(text: string, ledger: readonly Fact[]): readonly Fact[] {
  const values: string[] = [];
  for (const f of ledger) values.push(f.value);
  const present = occurrences(text, values);
  const out: Fact[] = [];
  for (let i = 0; i < ledger.length; i++) if (!present[i]) out.push(ledger[i]!);
  return out;
}
