/**
 * @module safety/tool-poisoning
 * Tool poisoning: a tool description (or any text) with an emphasised block, such as
 * `<IMPORTANT>...</IMPORTANT>`, `<system>`, `[CRITICAL]` or an `IMPORTANT:` paragraph, that tells
 * the model to read a local file or a secret and pass it on in a call, or to keep what it does
 * from the user. Three signal groups are looked for inside each block:
 * - a secret or local file (`~/.ssh`, `id_rsa`, `.env`, `mcp.json`, `~/.aws`, credentials, keys, tokens);
 * - handing something over in a call (pass / include / send its content as a parameter or argument);
 * - concealment from the user (do not mention, without telling, hide this).
 * A secret together with hand-over or concealment, or hand-over together with concealment, is a
 * finding. Every pattern is bounded, so the scan is linear in the text.
 */
import type { RawFinding } from './raw-finding.js';

/** Longest block, in characters, looked at after its opening marker. */
const BLOCK_MAX = 3000;

const TAGS =
  'important|critical|system|instructions?|secret|hidden|admin|note|attention|warning|context';
/** An opening emphasis marker: an XML-ish tag, a bracketed word, or a shouted label at a line start. */
export const OPENER = new RegExp(
  `<\\s*(${TAGS})\\b[^<>\\n]{0,40}>|\\[\\s*(${TAGS})\\s*\\]|(?:^|\\n)[ \\t>*#_-]{0,6}(IMPORTANT|CRITICAL|ATTENTION|NOTE TO (?:THE )?(?:AI|ASSISTANT|MODEL|LLM))\\b[*_ ]{0,3}[:!]`,
  'gi',
);

/** {@link OPENER} tried at one index only (sticky): what the global search finds there, if anything. */
const OPENER_AT = new RegExp(OPENER.source, 'iy');

/** True for a unit the ignore-case tag words of {@link OPENER} may start with, or that `\s` may be (all of 128 and above, to be safe). */
function mayStartTag(u: number): boolean {
  const l = u | 32;
  return (
    l === 105 /* i */ ||
    l === 99 /* c */ ||
    l === 115 /* s */ ||
    l === 104 /* h */ ||
    l === 97 /* a */ ||
    l === 110 /* n */ ||
    l === 119 /* w */ ||
    u <= 32 ||
    u >= 128
  );
}

/** True for the label prefix units `[ \t>*#_-]` of {@link OPENER}'s line-start form. */
function isLabelPrefix(u: number): boolean {
  return u === 32 || u === 9 || u === 62 || u === 42 || u === 35 || u === 95 || u === 45;
}

/**
 * True when at most six label-prefix units and the first two letters of a label word (in any
 * case) follow `j`: what the line-start form of {@link OPENER} needs after its line break.
 */
function labelFollows(text: string, j: number): boolean {
  const stop = j + 6;
  while (j < stop && isLabelPrefix(text.charCodeAt(j))) j++;
  const a = text.charCodeAt(j) | 32;
  const b = text.charCodeAt(j + 1) | 32;
  return (
    (a === 105 && b === 109) /* im */ ||
    (a === 99 && b === 114) /* cr */ ||
    (a === 97 && b === 116) /* at */ ||
    (a === 110 && b === 111) /* no */
  );
}

/**
 * The next line break at or after `from` that may open a label block (`\n## IMPORTANT:`, see
 * {@link labelFollows}); -1 when none is left. A necessary condition only: the sticky pattern
 * decides.
 */
function nextLabelBreak(text: string, from: number): number {
  for (let i = text.indexOf('\n', from); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (labelFollows(text, i + 1)) return i;
  }
  return -1;
}

/**
 * False when no label block can open in `text` (no line start, the text's own included, is
 * followed by a label word): with neither `<` nor `[` in it, {@link findToolPoisoning} finds
 * nothing then.
 */
export function labelMayOpen(text: string): boolean {
  return labelFollows(text, 0) || nextLabelBreak(text, 0) !== -1;
}

/**
 * The first match of {@link OPENER} at or after `from`, as the global search finds it: every
 * match starts at `<`, `[`, a line break (or the text's start) before a label word, so only those
 * places (found natively) are tried, with the sticky pattern; the whole pattern tried at every
 * index cost about 6% of a corpus scan. `at` holds the next candidate of each kind (-2: not yet
 * looked for, -1: none left), kept between the calls of one text.
 */
function nextOpener(text: string, from: number, at: Int32Array): RegExpExecArray | null {
  // the text's start opens a label block as a line break does
  if (from === 0 && labelFollows(text, 0)) {
    OPENER_AT.lastIndex = 0;
    const m = OPENER_AT.exec(text);
    if (m !== null) return m;
  }
  for (;;) {
    if (at[0] !== -1 && at[0]! < from) at[0] = text.indexOf('<', from);
    if (at[1] !== -1 && at[1]! < from) at[1] = text.indexOf('[', from);
    if (at[2] !== -1 && at[2]! < from) at[2] = nextLabelBreak(text, from);
    let i = -1;
    for (let k = 0; k < 3; k++) if (at[k] !== -1 && (i === -1 || at[k]! < i)) i = at[k]!;
    if (i === -1) return null;
    const u = text.charCodeAt(i);
    if (u === 10 || mayStartTag(text.charCodeAt(i + 1))) {
      OPENER_AT.lastIndex = i;
      const m = OPENER_AT.exec(text);
      if (m !== null) return m;
    }
    from = i + 1;
  }
}

export const SECRET =
  /(?:~|\$home|%userprofile%)[\\/]\.?[\w.-]{1,40}|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|(?:^|[\s`'"(/])\.env\b(?![.\w])|\bmcp\.json\b|\.aws[\\/]credentials|\.netrc\b|\/etc\/(?:passwd|shadow)\b|\.ssh\b|\bprivate[ _-]?keys?\b|\bapi[ _-]?keys?\b|\b(?:access|auth|bearer|secret|session)[ _-]?tokens?\b|\bpasswords?\b|\bcredentials?\b|\bsecrets?\b|\bcookies?\b|\bconversation history\b|\bsystem prompt\b/i;

export const HANDOVER =
  /\b(?:pass|put|include|insert|append|add|send|provide|supply|copy|embed|encode|forward|attach)\b[^.\n]{0,80}?\b(?:as|in|into|inside|via|through|to)\b[^.\n]{0,30}?\b(?:param(?:eter)?s?|arg(?:ument)?s?|field|input|sidenote|notes?|metadata|query|body|payload|url)\b|\b(?:param(?:eter)?|arg(?:ument)?|field)\b[^.\n]{0,40}?\b(?:contents?|value) of\b|\bread\b[^.\n]{0,60}?\band (?:pass|send|include|put|append|upload|post)\b/i;

export const CONCEAL =
  /\b(?:do not|don't|dont|never|must not|mustn't|should not|shouldn't)\s+(?:\w+\s+){0,2}?(?:mention|tell|reveal|inform|notify|alert|disclose|show|explain|say|let)\b[^.\n]{0,40}?\b(?:user|human|them|anyone|this|that|it)\b|\bwithout (?:telling|informing|notifying|alerting|asking|showing)\b|\b(?:hide|conceal|keep)\b[^.\n]{0,30}?\b(?:from the user|secret|hidden|quiet)\b|\b(?:user|human)\b[^.\n]{0,20}?\b(?:must|should|need) not (?:know|see|notice|be told|find out)\b|\b(?:could|would|might) (?:upset|alarm|scare|worry) the user\b/i;

/** The end of the block opened at `open` (its closing tag, a blank line for labels, or the bound). */
function blockEnd(text: string, open: RegExpExecArray): number {
  const limit = Math.min(text.length, open.index + open[0].length + BLOCK_MAX);
  const tag = open[1];
  if (tag !== undefined) {
    const close = closingTag(text, open.index, limit, tag.toLowerCase());
    return close === -1 ? limit : close;
  }
  if (open[2] !== undefined) return limit;
  const blank = text.indexOf('\n\n', open.index + open[0].length);
  return blank === -1 || blank > limit ? limit : blank;
}

/**
 * Where `</tag` (in any case) starts in `text[from, limit)` lower-cased, as `indexOf` finds it in
 * that slice lower-cased, or -1; the slice is not copied. Letters compare by their ASCII case
 * (and `k` as the Kelvin sign), as lower-casing makes them equal. U+0130 is the one unit that
 * lower-cases to two (`i` and a combining dot, which no tag letter follows), so each one before
 * the tag moves the lower-cased index by one, as it did when the slice was lower-cased.
 */
export function closingTag(text: string, from: number, limit: number, tag: string): number {
  if (!/^[a-z]+$/.test(tag)) {
    const close = text.slice(from, limit).toLowerCase().indexOf(`</${tag}`);
    return close === -1 ? -1 : from + close;
  }
  const last = limit - 2 - tag.length;
  for (let i = text.indexOf('</', from); i !== -1 && i <= last; i = text.indexOf('</', i + 1)) {
    if (!lettersAt(text, i + 2, tag)) continue;
    const before = text.slice(from, i);
    return before.includes('\u0130') ? i + before.split('\u0130').length - 1 : i;
  }
  return -1;
}

/** True when `text` at `i` holds lower-case ASCII `word`'s letters, each in either case (`k` also as the Kelvin sign). */
function lettersAt(text: string, i: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) {
    const c = text.charCodeAt(i + k);
    const w = word.charCodeAt(k);
    if (c !== w && c !== w - 32 && !(w === 107 && c === 0x212a)) return false;
  }
  return true;
}

/** The signals inside `block`, as a finding message, or undefined when they do not add up. */
export function poisoningSignals(block: string): string | undefined {
  const handover = HANDOVER.test(block);
  const conceal = CONCEAL.test(block);
  // without hand-over or concealment no secret adds up to a finding: its pattern (the costliest
  // of the three on text that discusses secrets) is not run
  if (!handover && !conceal) return undefined;
  return signalsMessage(SECRET.test(block), handover, conceal);
}

/** The finding message of a block with these signals, or undefined when they do not add up. */
export function signalsMessage(
  secret: boolean,
  handover: boolean,
  conceal: boolean,
): string | undefined {
  if (!((secret && (handover || conceal)) || (handover && conceal))) return undefined;
  const parts = [
    secret && 'a secret or local file',
    handover && 'hand-over in a call',
    conceal && 'concealment from the user',
  ];
  return `An emphasised block combines ${parts.filter(Boolean).join(', ')} (tool poisoning).`;
}

/** {@link nextOpener}'s candidates, reused (nothing here is re-entrant; an allocation per text cost more than a short scan). */
const NEXT_AT = new Int32Array(3);

/**
 * Tool-poisoning findings in `text`. With `whole` (a tool description), the whole text counts
 * as one block as well, since a description is read by the model in full.
 */
export function findToolPoisoning(text: string, whole = false, cap = 20): RawFinding[] {
  const out: RawFinding[] = [];
  const at = NEXT_AT;
  // by hand: the typed array's fill() call cost a quarter of this function on a one-line text
  at[0] = -2;
  at[1] = -2;
  at[2] = -2;
  let from = 0;
  for (
    let m = nextOpener(text, 0, at);
    m !== null && out.length < cap;
    m = nextOpener(text, from, at)
  ) {
    const start = m.index + (m[0].startsWith('\n') ? 1 : 0);
    const end = blockEnd(text, m);
    const message = poisoningSignals(text.slice(m.index + m[0].length, end));
    if (message !== undefined) {
      out.push({
        ruleId: 'poisoning.hidden-instruction',
        start,
        end: Math.max(end, start + 1),
        message,
      });
    }
    // the next block starts after this one: every character is read by one block at most
    from = Math.max(m.index + m[0].length, end);
  }
  if (whole && out.length === 0 && text.length <= 4 * BLOCK_MAX) {
    const message = poisoningSignals(text);
    if (message !== undefined) {
      out.push({
        ruleId: 'poisoning.hidden-instruction',
        start: 0,
        end: Math.max(1, text.length),
        message,
      });
    }
  }
  return out;
}
