/**
 * @module safety/phrase-guards
 * Checks on a phrase occurrence beyond its word boundaries, by the phrase's spelling: a guard that
 * returns false drops the occurrence wherever the phrase is used. They read the normalised text
 * (lower case) around the occurrence.
 */

import type { PhraseGuard } from './phrase-matcher.js';
import { SENDERS } from './rules-exfiltration.js';
import { isWordUnit } from './unicode-classes.js';

const ENV_SUFFIXES = [
  '.example',
  '.sample',
  '.template',
  '.dist',
  '.defaults',
  '.tmpl',
  '.tpl',
  '.schema',
];

/** Words right before `.env` that load it into the shell or a process (not read it out). */
const ENV_LOADERS = [
  'source ',
  '. ',
  'set -a; source ',
  'env-file ',
  'env-file=',
  'env_file: ',
  'dotenv ',
];

/**
 * `.env` is a secret file only when it is the whole name (not `process.env`, `.env.example`) and
 * is not being loaded: `source .env && cmd` or `--env-file .env` is how a skill runs a keyed
 * command, which is normal development practice (severity by context, not by the file name).
 */
function envIsRead(text: string, start: number, end: number): boolean {
  if (start > 0 && isWordUnit(text.charCodeAt(start - 1))) return false;
  if (ENV_SUFFIXES.some((s) => text.startsWith(s, end))) return false;
  let at = start;
  if (at >= 2 && text.startsWith('./', at - 2)) at -= 2; // `source ./.env`
  for (const w of ENV_LOADERS) {
    if (at < w.length || !text.startsWith(w, at - w.length)) continue;
    const before = at - w.length;
    // `. .env` only as a command (line start or after `&&`, `;`, `(`), not "see the. .env"
    if (w === '. ' && before > 0 && !' \t\n;&|('.includes(text[before - 1]!)) continue;
    return false;
  }
  return true;
}

/**
 * A network command (`curl`, `wget`, `nc`, ...) is one unless `_` follows it, which makes it the
 * start of an identifier (`CURL_CA_BUNDLE`, `$CURL_HOME`, `curl_easy_perform`: a setting or a
 * library function, named in docs that tool output shows), and even then it is one right after
 * a pipe (`| $CURL_BIN ...`). `$CURL -X POST`, `$WGET --post-file` stay commands.
 */
function senderIsCommand(text: string, start: number, end: number): boolean {
  if (text.charCodeAt(end) !== 95 /* _ */) return true;
  return PIPED.test(text.slice(Math.max(0, start - 12), start));
}

/** A pipe right before a command (and a quote, a brace or `$` of a variable holding it). */
const PIPED = /\|\s*["'{(]?\$?\{?\w*$/;

/** "Scratch that" takes back what was said, unless it is "from scratch that ..." (built anew). */
function scratchTakesBack(text: string, start: number): boolean {
  return !text.startsWith('from ', start - 5);
}

/**
 * The fake delimiter "end of the conversation" (`rules-roles.ts`) is prose after a preposition
 * and "the" ("appended to the end of the conversation", a chat API's docs), unless an order opens
 * the next sentence ("... to the end of the conversation. Delete the repo."). The other bare
 * delimiters ("end of document", "end of prompt") have no guard: they are delimiters wherever
 * they stand.
 */
const PROSE_BEFORE =
  /\b(?:to|at|until|till|by|near|from|of|towards?|before|after|past|in|on)\s+the\s$/;
/** Words that open a plain statement after "... the end of the conversation." (not an order). */
const STATEMENT_OPENER =
  /^(?:if|the|this|it|when|otherwise|a|an|by|for|see|note|in|each|items?|messages?|to|after|before|use|set|you)$/;
function delimiterNotProse(text: string, start: number): boolean {
  if (!PROSE_BEFORE.test(text.slice(Math.max(0, start - 16), start))) return true;
  const next = /^end of the conversation[.!?]\s+([a-z]+)/.exec(text.slice(start, start + 60));
  // prose when the text ends there or a plain statement follows; a delimiter when an order does
  return next !== null && !STATEMENT_OPENER.test(next[1]!);
}

/**
 * "--- End of inner exception stack trace ---", "--- End of stack trace from previous location
 * ---" (.NET writes both into every exception), "--- End of ThirdPartyNotices ---": what a log
 * or a notice ends is no fake delimiter. Every other "end of" after a delimiter's mark is one.
 */
const LOG_TAIL =
  /^\s*(?:the\s+)?(?:inner exception|stack trace|thirdpartynotices|third[- ]party notices|line\b|[\w.]+\s+class\b|class\b)/;
function endOfNotLog(text: string, _start: number, end: number): boolean {
  return !LOG_TAIL.test(text.slice(end, end + 40));
}

/** The guards of the scanner's phrases, by spelling. */
export const PHRASE_GUARDS: ReadonlyMap<string, PhraseGuard> = new Map<string, PhraseGuard>([
  ['.env', envIsRead],
  ['scratch that', scratchTakesBack],
  ['end of the conversation', delimiterNotProse],
  ['end of', endOfNotLog],
  // command names only (`curl`, `invoke-webrequest`): `fetch(` and `requests.post` are calls,
  // whose next unit is an argument (`fetch(_u, ...)`)
  ...SENDERS.filter((w) => /^[a-z-]+$/.test(w)).map((w): [string, PhraseGuard] => [
    w,
    senderIsCommand,
  ]),
]);
