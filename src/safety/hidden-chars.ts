/**
 * @module safety/hidden-chars
 * Invisible characters in the original text: zero-width characters, joiners, bidi marks and
 * controls, Unicode tag characters. Context rules keep legitimate uses quiet:
 * - a BOM at offset 0 is fine;
 * - ZWJ / ZWNJ next to an emoji, or in a script that uses them (Arabic/Persian, Indic, Khmer), is fine;
 * - LRM / RLM / ALM next to right-to-left text is fine;
 * - tag characters after U+1F3F4 (emoji subdivision flags such as England's) are fine.
 * Tag characters elsewhere are decoded to ASCII so the caller can scan what they hide.
 */
import type { RawFinding } from './raw-finding.js';
import { invisibleKind, isEmojiPart, isRtl, isWordUnit, usesJoiners } from './unicode-classes.js';

/**
 * Pre-check: one character class (no quantifier), so the native engine scans in linear time. It
 * covers every code unit {@link invisibleKind} can classify except U+034F, checked apart (tag
 * characters start with the high surrogate U+DB40).
 */
const ANY_INVISIBLE =
  /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\udb40]/;

/**
 * Characters that split words invisibly: C0 controls (not tab, newline, carriage return, form
 * feed), DEL, C1 controls, variation selectors (U+FE00-FE0F) and Hangul fillers. One class, no
 * quantifier: the scan jumps from one to the next in linear time.
 */
const WORD_SPLITTER =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each variation selector is matched alone, one code unit
  /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f\ufe00-\ufe0f\u115f\u1160\u3164\uffa0]/g;

function isHangul(u: number): boolean {
  return (
    (u >= 0x1100 && u <= 0x11ff) || (u >= 0x3130 && u <= 0x318f) || (u >= 0xac00 && u <= 0xd7af)
  );
}

function isAsciiLetter(u: number): boolean {
  return (u >= 97 && u <= 122) || (u >= 65 && u <= 90);
}

/**
 * Controls and fillers that split words: a NUL anywhere (binary, UTF-16 read as UTF-8); any
 * other control between two letters or digits (`Ign<ESC>ore`, a DEL per word; an ANSI colour
 * sequence `<ESC>[31m` is left alone); a variation selector right after an ASCII letter (where
 * no emoji takes it) and a Hangul filler outside Hangul, both inside a word.
 */
function findWordSplitters(
  text: string,
  add: (ruleId: string, start: number, end: number, message?: () => string) => void,
  cap: number,
): void {
  const n = text.length;
  // `hidden.control-char` findings added: past the cap they change nothing, and the search goes
  // on for the fillers alone (random binary holds a control unit every few units)
  let controls = 0;
  let re = WORD_SPLITTER;
  re.lastIndex = 0;
  // `test`, not `exec`: no match object per hit; the one-unit match ends at `lastIndex`
  while (re.test(text)) {
    const i = re.lastIndex - 1;
    const u = text.charCodeAt(i);
    if (u === 0) {
      // one finding per stretch of NUL-interleaved text
      let j = i + 1;
      let nuls = 1;
      while (j < n && (text.charCodeAt(j) === 0 || text.charCodeAt(j - 1) === 0)) {
        if (text.charCodeAt(j) === 0) nuls++;
        j++;
      }
      add('hidden.control-char', i, j, () =>
        nuls > 1 ? `${nuls} NUL characters (binary or UTF-16 text).` : 'A NUL character.',
      );
      controls++;
      re.lastIndex = j;
    } else {
      const before = i > 0 ? text.charCodeAt(i - 1) : 0;
      // right after a NUL is inside a NUL stretch, which the search for controls (NUL among them)
      // skips whole; the search for fillers alone lands there too (a Hangul filler after a NUL)
      if (before === 0 && i > 0) continue;
      const after = i + 1 < n ? text.charCodeAt(i + 1) : 0;
      if (u < 0xa0) {
        if (before !== 0 && isWordUnit(before) && isWordUnit(after)) {
          add('hidden.control-char', i, i + 1);
          controls++;
        }
      } else if (u >= 0xfe00 && u <= 0xfe0f) {
        if (isAsciiLetter(before)) add('hidden.zero-width', i, i + 1);
      } else if (!isHangul(before) && !isHangul(after) && (isWordUnit(before) || isWordUnit(after)))
        add('hidden.zero-width', i, i + 1);
    }
    if (controls >= cap && re === WORD_SPLITTER) {
      FILLER_SPLITTER.lastIndex = re.lastIndex;
      re = FILLER_SPLITTER;
    }
  }
}

/** The units of {@link WORD_SPLITTER} that are not controls (variation selectors, Hangul fillers). */
const FILLER_SPLITTER = /[\ufe00-\ufe0f\u115f\u1160\u3164\uffa0]/g;

/**
 * Every code unit that can start a character {@link invisibleKind} classifies: {@link ANY_INVISIBLE}
 * and U+034F (tag characters start with the high surrogate U+DB40, which is never the second
 * half of a pair, so a search by unit lands on the start of a character as a walk by character does).
 */
const INVISIBLE_START =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each unit is matched alone, U+034F included
  /[\u00ad\u034f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\udb40]/g;

/** True for the units of {@link INVISIBLE_START}. */
function isInvisibleStart(u: number): boolean {
  return (
    u >= 0x00ad &&
    (u === 0x00ad ||
      u === 0x034f ||
      u === 0x061c ||
      u === 0x180e ||
      (u >= 0x200b && u <= 0x200f) ||
      (u >= 0x202a && u <= 0x202e) ||
      (u >= 0x2060 && u <= 0x2069 && u !== 0x2065) ||
      u === 0xfeff ||
      u === 0xdb40)
  );
}

/** Units looked at one by one, after a candidate close to the previous one, before the native search. */
const NEAR = 16;

/**
 * Index of the next unit at or after `from` that can start an invisible character, or -1. Where
 * they are dense (`near`: the last one was close) the next few units are looked at one by one
 * first, which saves a native call per candidate; elsewhere the native search alone is faster.
 */
function nextCandidate(text: string, from: number, near: boolean): number {
  if (near) {
    const stop = Math.min(text.length, from + NEAR);
    for (let k = from; k < stop; k++) if (isInvisibleStart(text.charCodeAt(k))) return k;
    if (stop >= text.length) return -1;
    from = stop;
  }
  INVISIBLE_START.lastIndex = from;
  return INVISIBLE_START.test(text) ? INVISIBLE_START.lastIndex - 1 : -1;
}

/** What {@link collectRun} found in the last run (scratch: no object per run). */
const RUN = { count: 0, onlyTags: true, hasBidiControl: false };

/**
 * Collects the run of consecutive invisible characters that starts at `i` (its printable tags
 * into the tag bytes) and returns its end; its character count, whether it holds only tags, and
 * whether it holds a bidi control are left in {@link RUN}. A bidi control anywhere in the run
 * counts (a zero-width space right before an RLO must not hide it: the run's first character
 * alone used to decide its kind).
 */
function collectRun(text: string, i: number): number {
  const n = text.length;
  let count = 0;
  let onlyTags = true;
  let hasBidiControl = false;
  tagCount = 0;
  let j = i;
  while (j < n) {
    const t = skipTags(text, j, n);
    if (t > j) {
      count += (t - j) >> 1;
      j = t;
      continue;
    }
    const c = cpAt(text, j);
    const k = invisibleKind(c);
    if (k === undefined) break;
    if (k === 'bidi-control') hasBidiControl = true;
    if (k !== 'tag') onlyTags = false; // a tag is a U+DB40 pair, which skipTags took
    count++;
    j += c > 0xffff ? 2 : 1;
  }
  RUN.count = count;
  RUN.onlyTags = onlyTags;
  RUN.hasBidiControl = hasBidiControl;
  return j;
}

/** Runs of invisible characters at least this long are treated as smuggling. */
export const INVISIBLE_RUN = 4;

/** What {@link findHiddenChars} returns: findings, plus decoded tag-character payloads. */
export interface HiddenCharsResult {
  readonly findings: readonly RawFinding[];
  readonly tagPayloads: readonly { start: number; end: number; text: string }[];
}

function cpAt(s: string, i: number): number {
  return s.codePointAt(i) ?? 0;
}

function cpBefore(s: string, i: number): number {
  if (i <= 0) return 0;
  const lo = s.charCodeAt(i - 1);
  if (lo >= 0xdc00 && lo <= 0xdfff && i >= 2) return cpAt(s, i - 2);
  return lo;
}

/**
 * Decoded tag characters of the current run, as ASCII bytes (a tag run decodes to U+0020-007E
 * only); grown by doubling, decoded once per run.
 */
let tagBytes = new Uint8Array(256);
let tagCount = 0;
const ASCII = new TextDecoder();

function pushTag(b: number): void {
  if (tagCount === tagBytes.length) {
    const grown = new Uint8Array(tagBytes.length * 2);
    grown.set(tagBytes);
    tagBytes = grown;
  }
  tagBytes[tagCount++] = b;
}

/**
 * Index past the tag characters (U+E0000-E007F: U+DB40 then U+DC00-DC7F) that start at `j`;
 * the printable ones (U+E0020-E007E) are appended to the run's tag bytes. Walks the pairs by
 * code unit: `codePointAt` per character cost about 100 ns on a 1 MB run.
 */
function skipTags(text: string, j: number, n: number): number {
  while (j + 1 < n && text.charCodeAt(j) === 0xdb40) {
    const lo = text.charCodeAt(j + 1) - 0xdc00;
    if (lo < 0 || lo > 0x7f) break;
    if (lo >= 0x20 && lo <= 0x7e) pushTag(lo);
    j += 2;
  }
  return j;
}

/** The run's tag bytes as a string ('' when there are none). */
function tagString(): string {
  if (tagCount === 0) return '';
  const bytes = tagBytes.subarray(0, tagCount);
  return tagCount <= 64 ? String.fromCharCode(...bytes) : ASCII.decode(bytes);
}

/** The result of a text with nothing hidden (shared: its callers only read it). */
const NO_HIDDEN: HiddenCharsResult = Object.freeze({
  findings: Object.freeze([]),
  tagPayloads: Object.freeze([]),
});

/**
 * Scans `text` for invisible characters. Linear; at most `cap` findings per rule and `cap`
 * decoded tag payloads (the caller scans each again: thousands of tiny ones cost far more than
 * the text; every tag run is still a finding of its own, up to the cap).
 * `mayHaveInvisible: false` (the caller has classified every non-ASCII unit already) skips the
 * pre-check; `mayHaveDropped: false` (the caller saw no control character or filler that
 * splits words) skips the search for them.
 */
export function findHiddenChars(
  text: string,
  cap = 200,
  mayHaveInvisible = true,
  mayHaveDropped = true,
): HiddenCharsResult {
  // most texts: nothing to look for at all, and one shared empty result (three objects and a
  // closure per call were about a tenth of a one-line scan)
  if (!mayHaveDropped && !mayHaveInvisible) return NO_HIDDEN;
  const findings: RawFinding[] = [];
  const tagPayloads: { start: number; end: number; text: string }[] = [];
  // created on the first finding: most texts have none
  let counts: Map<string, number> | undefined;
  // counted first, built only while under the cap (past it a run costs a map update, no objects)
  const add = (ruleId: string, start: number, end: number, message?: () => string) => {
    counts ??= new Map();
    const n = counts.get(ruleId) ?? 0;
    counts.set(ruleId, n + 1);
    if (n >= cap) return;
    findings.push(
      message === undefined ? { ruleId, start, end } : { ruleId, start, end, message: message() },
    );
  };
  if (mayHaveDropped) findWordSplitters(text, add, cap);
  // U+034F (a combining character) is checked apart so the class stays a plain list
  if (!mayHaveInvisible || (!ANY_INVISIBLE.test(text) && !text.includes('\u034f')))
    return { findings, tagPayloads };
  const n = text.length;
  let i = 0;
  let near = false;
  while (i < n) {
    const next = nextCandidate(text, i, near); // no unit before it starts an invisible character
    if (next < 0) break;
    near = next - i < NEAR;
    i = next;
    const cp = cpAt(text, i);
    const kind = invisibleKind(cp);
    if (kind === undefined) {
      i += cp > 0xffff ? 2 : 1;
      continue;
    }
    const start = i;
    const end = collectRun(text, i);
    const { count, onlyTags, hasBidiControl } = RUN;
    i = end;
    // decoded only while there is room for its payload: past the cap `tags` stays empty
    const tags = tagPayloads.length >= cap ? '' : tagString();
    const before = cpBefore(text, start);
    const after = end < n ? cpAt(text, end) : 0;
    if (kind === 'bom' && start === 0 && count === 1) continue;
    if (onlyTags) {
      if (before === 0x1f3f4) continue; // emoji subdivision flag
      add('hidden.unicode-tags', start, end);
      if (tags.length > 0) tagPayloads.push({ start, end, text: tags });
      continue;
    }
    if (count >= INVISIBLE_RUN) {
      add('hidden.invisible-run', start, end, () => `A run of ${count} invisible characters.`);
      if (tags.length > 0) tagPayloads.push({ start, end, text: tags });
      continue;
    }
    if (kind === 'joiner' && count === 1) {
      if (isEmojiPart(before) || isEmojiPart(after) || usesJoiners(before) || usesJoiners(after))
        continue;
    }
    if (kind === 'bidi-mark' && count === 1) {
      if (isRtl(before) || isRtl(after)) continue;
      add('hidden.bidi-mark', start, end);
      continue;
    }
    if (kind === 'bidi-control' || hasBidiControl) {
      add('hidden.bidi-control', start, end);
      continue;
    }
    const inWord =
      before < 0x10000 &&
      after < 0x10000 &&
      isWordUnit(before) &&
      isWordUnit(after) &&
      before !== 0;
    if (inWord && cp !== 0x00ad) add('hidden.zero-width', start, end);
    else add('hidden.invisible-char', start, end);
  }
  return { findings, tagPayloads };
}
