/**
 * @module history/reference-facts
 * Reference facts of a whole transcript, for measuring compaction (the real-transcript bench
 * and its test): what an agent continuing the session needs, derived by one fixed procedure
 * from the transcript itself, never picked by hand. Written apart from the fact ledger, but the
 * rules overlap by design (both follow the fact kinds issue 14 names): a high score means the
 * ledger implements these rules on real sessions, not that it matches a human reading.
 *
 * The procedure, per transcript:
 * 1. `task`: the first two lines of the first user message that are not markup tags alone;
 * 2. `requirement`: list items under a Markdown heading that names requirements (acceptance,
 *    criteria, definition of done, requirement, constraint, no-go), in any user text or tool
 *    output (issue trackers print the task there), and lines of the first user message that say
 *    must / must not / do not / never / always;
 * 3. `user-change`: the first line of every later user message;
 * 4. `edited-path`: the path argument of every edit-like tool call, and the target of
 *    `sed -i`, `>` / `>>` and `tee` in shell commands;
 * 5. `last-failure`: the last failure line of the last failing tool result (error flag, non-zero
 *    exit code, `FAILED` / `Traceback` / `…Error:` at a line start, or `<n> failed`), else its
 *    last line;
 * 6. `recurring`: URLs, hashes and ids (ticket keys, `#12`, dotted sub-ids and their roots) that
 *    occur in two or more messages;
 * 7. `final-state`: the first line of the last assistant text.
 * Every value is a trimmed line cut at 200 characters; a fact is kept when its value appears
 * verbatim in the compacted history's visible text.
 */
import type { History, Message } from './message.js';
import { toolCallArguments, toolResultText } from './message.js';
import { isTypedByUser } from './turns.js';

/** The kinds of reference fact. */
export type ReferenceFactKind =
  | 'task'
  | 'requirement'
  | 'user-change'
  | 'edited-path'
  | 'last-failure'
  | 'recurring'
  | 'final-state';

/** One reference fact. */
export interface ReferenceFact {
  readonly kind: ReferenceFactKind;
  readonly value: string;
}

const MAX = 200;
const TAG_ONLY = /^<\/?[\w-]+(?:\s[^>]*)?>$/;
const REQUIREMENT_HEADING =
  /^#{1,6}\s+.*\b(?:acceptance|criteria|definition of done|requirements?|constraints?|no-gos?)\b/i;
const HEADING = /^#{1,6}\s/;
const LIST_ITEM = /^\s*(?:[-*+•]|\d+[.)]|\[[ xX]\])\s+\S/;
const MUST = /\b(?:must|must not|do not|don't|never|always)\b/i;
const EDIT_TOOL = /edit|write|create|replace|patch|insert/i;
const SHELL_TARGET =
  /(?:\bsed\s+-i\S*\s+(?:'[^']*'|"[^"]*"|\S+)\s+|(?<![0-9&>])>>?\s*|\btee\s+(?:-a\s+)?)([\w./~-]+\.\w+)/g;
const URL = /\bhttps?:\/\/[^\s"'<>()[\]`]+[^\s"'<>()[\].,;:`]/g;
const HASH = /(?<![0-9A-Za-z])(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}(?![0-9A-Za-z])/g;
const TICKET = /(?<![\w-])(?:[A-Z][A-Z0-9]{1,9}-\d{1,6}|#\d{2,6})(?![\w-])/g;
const DOTTED_ID = /(?<![\w.-])([a-z][a-z0-9]*-[a-z0-9]{2,12})((?:\.\d+)+)(?![\w-])/g;
const FAILURE_LINE =
  /\b(?:error|exception|fail(?:ed|ure|s)?|assert(?:ion)?|traceback|panic)\b|^\s*E\s{2,}|\w\.\w+:\d+:\d+/i;
const NONZERO_EXIT =
  /<returncode>\s*[1-9]\d*\s*<\/returncode>|\bexit(?:ed)?(?: with)? code:? [1-9]/i;

function cut(line: string): string {
  return line.trim().slice(0, MAX).trim();
}

function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

function textOf(m: Message): string {
  return m.parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
}

/** List items under requirement headings of `text`. */
function requirementItems(text: string): string[] {
  const out: string[] = [];
  let inside = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (HEADING.test(line)) inside = REQUIREMENT_HEADING.test(line);
    else if (inside && LIST_ITEM.test(line)) out.push(cut(line));
  }
  return out;
}

function pathInput(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const r = input as Record<string, unknown>;
  for (const k of ['file_path', 'path', 'filePath', 'file', 'filename', 'target_file']) {
    if (typeof r[k] === 'string') return r[k] as string;
  }
  return undefined;
}

const FAILED_RUN =
  /^(?:FAILED|FAIL\b|Traceback|\w*(?:Error|Exception):)|\b[1-9]\d* (?:failed|failures?|errors?)\b/m;

function isFailing(text: string, isError: boolean | undefined): boolean {
  return isError === true || NONZERO_EXIT.test(text) || FAILED_RUN.test(text);
}

/** The recurring ids, hashes and URLs of one message's text, without repeats. */
function recurringCandidates(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(URL)) out.add(m[0]);
  const noUrls = text.replace(URL, ' ');
  for (const m of noUrls.matchAll(HASH)) out.add(m[0]);
  for (const m of noUrls.matchAll(TICKET)) out.add(m[0]);
  for (const m of noUrls.matchAll(DOTTED_ID)) {
    out.add(m[0]);
    out.add(m[1]!);
  }
  return out;
}

/** Every text a message shows a model: text, tool-call arguments and tool-result text. */
export function visibleText(history: History): string {
  return visibleTexts(history).join('\n');
}

/** The texts {@link visibleText} joins, in order. */
export function visibleTexts(history: History): string[] {
  const out: string[] = [];
  for (const m of history) {
    for (const p of m.parts) {
      if (p.type === 'text') out.push(p.text);
      else if (p.type === 'tool-call') out.push(toolCallArguments(p));
      else if (p.type === 'tool-result') out.push(toolResultText(p));
    }
  }
  return out;
}

/** The reference facts of `history`, by the procedure in the module comment, deduplicated. */
export function referenceFacts(history: History): readonly ReferenceFact[] {
  const facts: ReferenceFact[] = [];
  const seen = new Set<string>();
  const add = (kind: ReferenceFactKind, value: string): void => {
    if (value.length < 4 || seen.has(value)) return;
    seen.add(value);
    facts.push({ kind, value });
  };
  const users = history.filter(isTypedByUser);
  const first = users[0];
  if (first !== undefined) {
    const text = textOf(first);
    for (const l of lines(text)
      .filter((l) => !TAG_ONLY.test(l))
      .slice(0, 2))
      add('task', cut(l));
    for (const l of lines(text)) if (MUST.test(l)) add('requirement', cut(l));
  }
  for (const u of users.slice(1)) {
    const l = lines(textOf(u))[0];
    if (l !== undefined) add('user-change', cut(l));
  }
  const occurrences = new Map<string, number>();
  let lastFailure: string | undefined;
  let finalState: string | undefined;
  for (const m of history) {
    const texts: string[] = [];
    for (const p of m.parts) {
      if (p.type === 'text') {
        texts.push(p.text);
        if (m.role === 'user') for (const r of requirementItems(p.text)) add('requirement', r);
      } else if (p.type === 'tool-call') {
        const args = toolCallArguments(p);
        texts.push(args);
        const path = pathInput(p.input);
        if (path !== undefined && EDIT_TOOL.test(p.name)) add('edited-path', cut(path));
        const command = (p.input as Record<string, unknown> | null)?.command;
        if (typeof command === 'string')
          for (const s of command.matchAll(SHELL_TARGET))
            if (!s[1]!.startsWith('/dev/')) add('edited-path', s[1]!);
      } else if (p.type === 'tool-result') {
        const text = toolResultText(p);
        texts.push(text);
        for (const r of requirementItems(text)) add('requirement', r);
        const failures = lines(text).filter((l) => FAILURE_LINE.test(l));
        if (isFailing(text, p.isError)) {
          const all = lines(text);
          const line = failures[failures.length - 1] ?? all[all.length - 1];
          if (line !== undefined) lastFailure = cut(line);
        }
      }
    }
    if (m.role === 'assistant') {
      const l = lines(textOf(m))[0];
      if (l !== undefined) finalState = cut(l);
    }
    for (const c of recurringCandidates(texts.join('\n')))
      occurrences.set(c, (occurrences.get(c) ?? 0) + 1);
  }
  if (lastFailure !== undefined) add('last-failure', lastFailure);
  for (const [value, n] of occurrences) if (n >= 2) add('recurring', cut(value));
  if (finalState !== undefined) add('final-state', finalState);
  return facts;
}
