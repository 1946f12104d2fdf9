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
 * A network command (`curl`, `wget`, `nc`, ...) is one only when it is no part of an identifier:
 * not right after `_` or `$`, nor right before `_` (`CURL_CA_BUNDLE`, `$CURL_HOME`,
 * `curl_easy_perform`: a setting or a library function, named in docs that tool output shows).
 */
function senderIsCommand(text: string, start: number, end: number): boolean {
  const before = start > 0 ? text.charCodeAt(start - 1) : 32;
  return before !== 95 /* _ */ && before !== 36 /* $ */ && text.charCodeAt(end) !== 95;
}

/** "Scratch that" takes back what was said, unless it is "from scratch that ..." (built anew). */
function scratchTakesBack(text: string, start: number): boolean {
  return !text.startsWith('from ', start - 5);
}

/**
 * The fake delimiters of `rules-roles.ts` written without a mark ("end of prompt", "end of the
 * conversation"): a delimiter has no article before it, prose does ("appended to the end of the
 * conversation", a chat API's docs blocked as tool output).
 */
const BARE_DELIMITERS = [
  'end of user input',
  'end of prompt',
  'end of instructions',
  'end of system prompt',
  'end of context',
  'end of the conversation',
  'end of chat',
  'end of untrusted',
  'end of document',
];

/**
 * A bare delimiter is one unless a preposition and "the" come right before it ("appended to the
 * end of the conversation", "at the end of the document"); "The end of the conversation. Now
 * ..." opening a sentence stays one.
 */
const PROSE_BEFORE =
  /\b(?:to|at|until|till|by|near|from|of|towards?|before|after|past|in|on|reach(?:es|ed)?)\s+the\s$/;
function delimiterNotProse(text: string, start: number): boolean {
  return !PROSE_BEFORE.test(text.slice(Math.max(0, start - 16), start));
}

/** The guards of the scanner's phrases, by spelling. */
export const PHRASE_GUARDS: ReadonlyMap<string, PhraseGuard> = new Map<string, PhraseGuard>([
  ['.env', envIsRead],
  ['scratch that', scratchTakesBack],
  ...BARE_DELIMITERS.map((w): [string, PhraseGuard] => [w, delimiterNotProse]),
  // command names only (`curl`, `invoke-webrequest`): `fetch(` and `requests.post` are calls,
  // whose next unit is an argument and whose `$` before is a property (`this.$http.post`)
  ...SENDERS.filter((w) => /^[a-z-]+$/.test(w)).map((w): [string, PhraseGuard] => [
    w,
    senderIsCommand,
  ]),
]);
