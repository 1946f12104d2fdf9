/**
 * @module history/gram-filter
 * Which of many strings can occur in a text, by the hashes of the text's short substrings: a
 * string is left out only when one of its substrings of length `k` (`k` = its length up to 8)
 * is nowhere in the text, so every string left out is absent for certain. The fact report
 * checks a whole ledger against the output (200k facts of a 100k-message history against a
 * 300k-unit text): an automaton over all the facts is millions of trie nodes, where almost all
 * of them are absent and this check needs a table the size of the text.
 */

/** The longest substring hashed: strings of this length or longer are checked by all of theirs. */
const GRAM = 8;
/** Multiplier of the polynomial hash. */
const BASE = 0x01000193;

/** The hashes of every substring of length `k` of a text, in an open-addressing set. */
class GramSet {
  readonly #slots: Int32Array;
  readonly #mask: number;
  /** BASE ** (k - 1), modulo 2 ** 32: removes the unit leaving the window. */
  readonly #top: number;

  constructor(
    text: string,
    readonly k: number,
  ) {
    let size = 16;
    while (size < (text.length + 1) * 2) size *= 2;
    this.#slots = new Int32Array(size);
    this.#mask = size - 1;
    let top = 1;
    for (let i = 1; i < k; i++) top = Math.imul(top, BASE);
    this.#top = top;
    let h = 0;
    for (let i = 0; i < text.length; i++) {
      if (i >= k) h = (h - Math.imul(text.charCodeAt(i - k), top)) | 0;
      h = (Math.imul(h, BASE) + text.charCodeAt(i)) | 0;
      if (i >= k - 1) this.#add(h);
    }
  }

  #slot(h: number): number {
    // murmur3's finaliser: the low bits of the polynomial hash alone cluster
    let x = h ^ (h >>> 16);
    x = Math.imul(x, 0x85ebca6b);
    x ^= x >>> 13;
    x = Math.imul(x, 0xc2b2ae35);
    x ^= x >>> 16;
    return x & this.#mask;
  }

  /** Stored as `h | 1`, so 0 marks an empty slot (two hashes sharing a value only widen the set). */
  #add(h: number): void {
    const v = h | 1;
    for (let s = this.#slot(h); ; s = (s + 1) & this.#mask) {
      const at = this.#slots[s]!;
      if (at === v) return;
      if (at === 0) {
        this.#slots[s] = v;
        return;
      }
    }
  }

  #has(h: number): boolean {
    const v = h | 1;
    for (let s = this.#slot(h); ; s = (s + 1) & this.#mask) {
      const at = this.#slots[s]!;
      if (at === v) return true;
      if (at === 0) return false;
    }
  }

  /** Whether every substring of length `k` of `s` (at least `k` long) may be in the text. */
  holdsAll(s: string): boolean {
    const k = this.k;
    const top = this.#top;
    let h = 0;
    for (let i = 0; i < s.length; i++) {
      if (i >= k) h = (h - Math.imul(s.charCodeAt(i - k), top)) | 0;
      h = (Math.imul(h, BASE) + s.charCodeAt(i)) | 0;
      if (i >= k - 1 && !this.#has(h)) return false;
    }
    return true;
  }
}

/**
 * The indices (ascending) of the `needles` that may occur in `haystack`; every needle left out
 * does not occur in it (the empty string is always kept). Linear in the haystack (once per
 * needle length under 8 that occurs) plus the total length of the needles.
 */
export function possibleNeedles(haystack: string, needles: readonly string[]): number[] {
  const sets = new Map<number, GramSet>();
  const out: number[] = [];
  for (let p = 0; p < needles.length; p++) {
    const s = needles[p]!;
    if (s.length === 0) {
      out.push(p);
      continue;
    }
    if (s.length > haystack.length) continue;
    const k = Math.min(s.length, GRAM);
    let set = sets.get(k);
    if (set === undefined) {
      set = new GramSet(haystack, k);
      sets.set(k, set);
    }
    if (set.holdsAll(s)) out.push(p);
  }
  return out;
}
