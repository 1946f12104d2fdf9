/**
 * @module safety/token-flood
 * Context flooding: the same short token (or a cycle of two or three tokens) repeated dozens
 * of times, used to push earlier instructions out of the model's attention ("ö ö ö ...",
 * ") ] } ) ] }"). Markdown rules and table separators (`---`, `|`, `===`) do not count.
 *
 * Tokens are maximal runs of units above U+0020. A token "repeats" when it equals the token 1, 2
 * or 3 places before it (at most {@link MAX_TOKEN} units); a flood is a run of repeats that
 * reaches {@link FLOOD_TOKENS} tokens with its cycle.
 *
 * Ordinary text has no floods, so the text is not walked token by token. Only the first token
 * after every {@link SAMPLE_EVERY}-th unit is looked at, with the three tokens before it: a
 * reportable flood spans more than that many units, so at least one sampled token lies inside it
 * and repeats. The exact token-by-token scan then runs from the last sample whose token did not
 * repeat to the next one (no run of repeats crosses such a token). The findings are the same as
 * those of the exact scan over the whole text; a property test pins that.
 */
import type { RawFinding } from './raw-finding.js';

/** Repetitions (in tokens) needed to report a flood. */
export const FLOOD_TOKENS = 48;
/** Longest token that counts as a repetition. */
export const MAX_TOKEN = 12;
/**
 * Units between samples. A reported flood has at least `FLOOD_TOKENS - 3` repeating tokens in a
 * row, each at least one unit plus one separator: 88 units between the first and the last
 * starts, so every window of this many units ending inside it holds the start of one of them.
 */
export const SAMPLE_EVERY = 2 * (FLOOD_TOKENS - 4);
/** Most units a sample looks back for its three previous tokens before it defers to the exact scan. */
const LOOKBACK = 512;

const DECORATION = /^[-=_*#~|:+.\s`>]+$/;

function sameToken(text: string, s1: number, l1: number, s2: number, l2: number): boolean {
  if (l1 !== l2 || l1 > MAX_TOKEN) return false;
  for (let k = 0; k < l1; k++)
    if (text.charCodeAt(s1 + k) !== text.charCodeAt(s2 + k)) return false;
  return true;
}

/** Longest token keyed by its units in base 65536 (3 units fit a double exactly). */
const WIDE_KEY_UNITS = 3;
/** Longest ASCII token keyed by its units in base 128 (7 units fit a double exactly). */
const ASCII_KEY_UNITS = 7;

/**
 * The exact scan over the tokens that start in `[from, to)`, as if the text began at `from`.
 * Each token is compared with the 1-3 tokens before it (ring buffer). A short token gets a
 * numeric key, exact in a double: up to 3 units in base 65536, or up to 7 ASCII units in base
 * 128. Only tokens of equal length are compared and each length has one kind of key, so equal
 * keys mean equal tokens; longer tokens are compared unit by unit.
 */
function exactScan(text: string, from: number, to: number, out: RawFinding[]): void {
  // the ring buffers, shared by every call (no call is nested in another): only `run` is read
  // before it is written, so only it is reset
  const { st, ln, key, run, runStart } = RING;
  run.fill(0);
  let count = 0;
  const n = text.length;
  let reportedUntil = -1;
  let i = from;
  while (i < to) {
    while (i < to && text.charCodeAt(i) <= 32) i++;
    if (i >= to) break;
    const s = i;
    let ascii = 0; // base-128 key, -1 once a unit is not ASCII
    let wide = 0; // base-65536 key of the first units
    let c = text.charCodeAt(i);
    while (c > 32) {
      ascii = c < 128 && ascii >= 0 ? ascii * 128 + c : -1;
      if (i - s < WIDE_KEY_UNITS) wide = wide * 65536 + c;
      if (++i >= n) break;
      c = text.charCodeAt(i);
    }
    const len = i - s;
    const k0 = len <= WIDE_KEY_UNITS ? wide : len <= ASCII_KEY_UNITS ? ascii : -1;
    const slot = count & 3;
    st[slot] = s;
    ln[slot] = len;
    key[slot] = k0;
    for (let k = 1; k <= 3; k++) {
      const prev = (count - k) & 3;
      let same = false;
      if (count >= k && ln[prev] === len && len <= MAX_TOKEN) {
        const kp = key[prev]!;
        same = k0 >= 0 || kp >= 0 ? k0 === kp : sameToken(text, s, len, st[prev]!, len);
      }
      if (same) {
        if (run[k] === 0) runStart[k] = st[prev]!;
        run[k]!++;
        if (run[k]! + k >= FLOOD_TOKENS && runStart[k]! > reportedUntil) {
          const tok = text.slice(s, i);
          if (!DECORATION.test(tok))
            out.push({ ruleId: 'obfuscation.token-flood', start: runStart[k]!, end: i });
          reportedUntil = n; // one decision per flood (decoration floods are not reported); reset when the run breaks
        }
      } else {
        if (run[k]! > 0 && reportedUntil === n) reportedUntil = s;
        run[k] = 0;
      }
    }
    count++;
  }
}

/** Scratch of {@link exactScan} and {@link findTokenFlood}: allocating it per call cost more than a short text. */
const RING = {
  st: new Int32Array(4),
  ln: new Int32Array(4),
  key: new Float64Array(4),
  run: new Int32Array(4),
  runStart: new Int32Array(4),
  prevStart: new Int32Array(3),
  prevLen: new Int32Array(3),
};

/** The exact token-by-token scan of the whole text: the reference {@link findTokenFlood} agrees with. */
export function findTokenFloodExact(text: string): RawFinding[] {
  const out: RawFinding[] = [];
  exactScan(text, 0, text.length, out);
  return out;
}

/** A unit that ends a token (U+0020 or below). */
const TOKEN_END = /[\x00-\x20]/g;

/**
 * The end of the token that holds `i` (the first unit at or after `i` of U+0020 or below, or the
 * text's length): a token longer than {@link MAX_TOKEN} is left natively, not unit by unit (a
 * 1 MB text without a space was one walk of a million units).
 */
function tokenEnd(text: string, i: number): number {
  const n = text.length;
  const stop = Math.min(n, i + MAX_TOKEN + 1);
  while (i < stop && text.charCodeAt(i) > 32) i++;
  if (i < stop || i >= n) return i;
  TOKEN_END.lastIndex = i;
  return TOKEN_END.test(text) ? TOKEN_END.lastIndex - 1 : n;
}

/** Finds token floods. Linear; on ordinary text it looks at a fraction of the tokens. */
export function findTokenFlood(text: string): RawFinding[] {
  const out: RawFinding[] = [];
  const n = text.length;
  const { prevStart, prevLen } = RING;
  // where an exact scan must start to see every run that crosses nothing quiet: the first of the
  // three tokens before the latest quiet sampled token (runs of repeats never cross that token)
  let quietFrom = 0;
  // start of the pending exact scan, or -1 when no sampled token repeated since the last quiet one
  let pending = -1;
  // [from, to) ranges for the exact scan, flattened; overlapping ranges are merged so the scan's
  // state carries over from one to the next
  const ranges: number[] = [];
  const addRange = (from: number, to: number) => {
    const last = ranges.length - 1;
    if (last > 0 && from <= ranges[last]!) ranges[last] = to;
    else ranges.push(from, to);
  };
  let cursor = 0; // units before `cursor` have been walked forwards already
  let lastSampled = -1;
  for (let p = 0; p < n; p += SAMPLE_EVERY) {
    // the first token that starts at or after p
    if (cursor < p) {
      cursor = p;
      if (p > 0 && text.charCodeAt(p - 1) > 32) cursor = tokenEnd(text, cursor);
    }
    while (cursor < n && text.charCodeAt(cursor) <= 32) cursor++;
    if (cursor >= n) break;
    const s = cursor;
    if (s === lastSampled) continue; // a long gap: this token was sampled already
    lastSampled = s;
    cursor = tokenEnd(text, cursor);
    const len = cursor - s;
    let quiet: boolean;
    let from: number;
    if (len > MAX_TOKEN) {
      // never a repeat, nor the token a repeat refers to: runs before it end within 3 tokens
      quiet = true;
      from = s;
    } else {
      // the (up to) three tokens before it, within LOOKBACK units, back to a token longer than
      // MAX_TOKEN: no run of repeats holds one (it equals no token), so a run through this token
      // can only use the tokens after it, and the exact scan may start right after it
      let found = 0;
      let b = s - 1;
      const limit = s - LOOKBACK;
      let tooFar = false;
      let longEnd = -1;
      while (found < 3) {
        while (b >= 0 && b >= limit && text.charCodeAt(b) <= 32) b--;
        if (b < 0) break;
        const e = b + 1;
        const stop = Math.max(limit, e - MAX_TOKEN - 1);
        while (b >= 0 && b >= stop && text.charCodeAt(b) > 32) b--;
        if (b >= 0 && b < stop) {
          if (b < limit) tooFar = true;
          else longEnd = e; // MAX_TOKEN + 1 units and not ended: a long token
          break;
        }
        prevStart[found] = b + 1;
        prevLen[found] = e - (b + 1);
        found++;
      }
      quiet = !tooFar;
      for (let k = 0; quiet && k < found; k++)
        if (sameToken(text, s, len, prevStart[k]!, prevLen[k]!)) quiet = false;
      from = longEnd >= 0 ? longEnd : found === 3 ? prevStart[2]! : 0;
    }
    if (!quiet) {
      if (pending < 0) pending = quietFrom;
      continue;
    }
    if (pending >= 0) {
      addRange(pending, cursor); // up to and including this quiet token
      pending = -1;
    }
    quietFrom = from;
  }
  if (pending >= 0) addRange(pending, n);
  for (let r = 0; r < ranges.length; r += 2) exactScan(text, ranges[r]!, ranges[r + 1]!, out);
  return out;
}
