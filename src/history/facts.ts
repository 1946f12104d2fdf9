/**
 * @module history/facts
 * The fact ledger: what a summary of a forgotten range must keep verbatim, whoever writes it.
 * Goals and acceptance criteria the user typed, confirmed facts and decisions (`Confirmed: …`),
 * task ids, hashes, paths, error lines and artifact references. Any summariser's output is checked against it and every missing fact is appended.
 */
import { identifyFragment } from './fragment.js';
import type { History, Message } from './message.js';
import { toolCallArguments, toolResultText } from './message.js';
import {
  findArtifactRefs,
  findHashes,
  findPaths,
  findTaskIds,
  isErrorLine,
  isGoalLine,
  nonEmptyLines,
} from './patterns.js';
import { isTypedByUser } from './turns.js';

/** Kinds of pinned facts, in the order a summary lists them. */
export type FactKind = 'goal' | 'confirmed' | 'task' | 'hash' | 'path' | 'error' | 'artifact';

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

/**
 * Extracts the ledger of `messages` (the range about to be forgotten), deduplicated by kind and
 * value, in order of first appearance. Pure and deterministic.
 */
export function extractFactLedger(messages: History): readonly Fact[] {
  const facts: Fact[] = [];
  const seen = new Set<string>();
  const add = (kind: FactKind, value: string, m: Message): void => {
    const v = value.trim() === '' ? '' : value;
    if (v === '') return;
    const key = `${kind}\u0000${v}`;
    if (seen.has(key)) return;
    seen.add(key);
    facts.push(Object.freeze({ kind, value: v, messageId: m.id }));
  };
  const common = (text: string, m: Message, withPaths: boolean): void => {
    for (const id of findTaskIds(text)) add('task', id, m);
    for (const h of findHashes(text).slice(0, LEDGER_LIMITS.hashesPerResult)) add('hash', h, m);
    for (const r of findArtifactRefs(text)) add('artifact', r, m);
    if (withPaths) for (const p of findPaths(text)) add('path', p, m);
  };
  for (const m of messages) {
    for (const part of m.parts) {
      if (part.type === 'text') {
        const fragment = identifyFragment(part.text);
        if (fragment?.type === 'summary') {
          for (const g of summaryItems(fragment.body, 'User context and acceptance criteria'))
            add('goal', g, m);
          for (const e of summaryItems(fragment.body, 'Tests'))
            if (isErrorLine(e)) add('error', unmarked(e), m);
          for (const c of summaryItems(fragment.body, 'Current state'))
            if (isConfirmedLine(c)) add('confirmed', c, m);
          for (const e of summaryItems(fragment.body, 'Facts the summary left out')) {
            const sep = e.indexOf(': ');
            const kind = e.slice(0, sep) as FactKind;
            if (sep > 0 && ['goal', 'error', 'confirmed'].includes(kind))
              add(kind, e.slice(sep + 2), m);
          }
          common(fragment.body, m, true);
          continue;
        }
        if (fragment !== undefined) continue; // skills, rules, plans: re-injected or re-armed
        if (isTypedByUser(m)) {
          const whole = part.text.trim().length <= LEDGER_LIMITS.wholeGoalChars;
          for (const line of nonEmptyLines(part.text)) {
            if (whole || isGoalLine(line)) add('goal', limitChars(line.trim()), m);
          }
        }
        if (m.role === 'user' || m.role === 'assistant') {
          for (const line of nonEmptyLines(part.text)) {
            if (isConfirmedLine(line)) add('confirmed', limitChars(line.trim()), m);
          }
        }
        common(part.text, m, true);
      } else if (part.type === 'tool-call') {
        common(toolCallArguments(part), m, true);
      } else if (part.type === 'tool-result') {
        const text = toolResultText(part);
        const elided = identifyFragment(text);
        // in an elided result only the quoted output lines (`<n>: <line>`) count, not its framing
        const candidates =
          elided?.type === 'elided-result'
            ? nonEmptyLines(elided.body).filter((l) => /^\d+: /.test(l))
            : nonEmptyLines(text);
        const errors = candidates.filter(isErrorLine);
        for (const e of capErrors(errors)) {
          add('error', limitChars(e.trim()), m);
          for (const p of findPaths(e)) add('path', p, m);
        }
        common(text, m, false);
      }
    }
  }
  return Object.freeze(facts);
}

/** The facts whose value does not appear verbatim in `text`. */
export function missingFacts(text: string, ledger: readonly Fact[]): readonly Fact[] {
  return ledger.filter((f) => !text.includes(f.value));
}
