/**
 * @module safety/token-flood
 * Context flooding: the same short token (or a cycle of two or three tokens) repeated dozens
 * of times, used to push earlier instructions out of the model's attention ("ö ö ö ...",
 * ") ] } ) ] }"). Markdown rules and table separators (`---`, `|`, `===`) do not count.
 */
import type { RawFinding } from './raw-finding.js';

/** Repetitions (in tokens) needed to report a flood. */
export const FLOOD_TOKENS = 48;
const MAX_TOKEN = 12;
const DECORATION = /^[-=_*#~|:+.\s`>]+$/;

function sameToken(text: string, s1: number, l1: number, s2: number, l2: number): boolean {
  if (l1 !== l2 || l1 > MAX_TOKEN) return false;
  for (let k = 0; k < l1; k++)
    if (text.charCodeAt(s1 + k) !== text.charCodeAt(s2 + k)) return false;
  return true;
}

/** Finds token floods. Linear: each token is compared with the 1-3 tokens before it (ring buffer). */
export function findTokenFlood(text: string): RawFinding[] {
  const out: RawFinding[] = [];
  const st = new Int32Array(4);
  const ln = new Int32Array(4);
  const run = [0, 0, 0, 0];
  const runStart = [0, 0, 0, 0];
  let count = 0;
  let reportedUntil = -1;
  const n = text.length;
  let i = 0;
  while (i < n) {
    while (i < n && text.charCodeAt(i) <= 32) i++;
    if (i >= n) break;
    const s = i;
    while (i < n && text.charCodeAt(i) > 32) i++;
    const slot = count & 3;
    st[slot] = s;
    ln[slot] = i - s;
    for (let k = 1; k <= 3; k++) {
      const prev = (count - k) & 3;
      if (count >= k && sameToken(text, s, i - s, st[prev]!, ln[prev]!)) {
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
  return out;
}
