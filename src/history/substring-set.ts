/**
 * @module history/substring-set
 * Which of many strings occur in a text, in one pass (Aho–Corasick over UTF-16 code units):
 * linear in the text plus the total length of the strings, where one `includes` per string
 * would be their product. The fact checks of a compaction use it (thousands of facts against
 * megabytes of history).
 */
import { BoundedCache } from '../tokens/index.js';
import { possibleNeedles } from './gram-filter.js';

/** Up to this many needles are searched one by one with `indexOf`. */
const FEW_NEEDLES = 24;

/**
 * More needles are still searched one by one while needles × haystack length stays under this
 * (UTF-16 units, about 1.5 ms of `indexOf`): the engine's search is fast from the first call,
 * where the automaton runs unoptimised in a fresh process (203 facts over a 15k-unit text took
 * 30 ms there); above it the automaton wins once warm (539 facts over 17k units: 1.0 against
 * 1.5 ms).
 */
const INDEXOF_WORK = 1 << 22;

/** For each of `needles`, whether it occurs in `haystack` (the empty string always does). */
export function occurrences(haystack: string, needles: readonly string[]): boolean[] {
  return firstOccurrences(haystack, needles).map((at) => at >= 0);
}

/**
 * For each of `needles`, the index where its first occurrence in `haystack` starts, or -1 (the
 * empty string is found at 0).
 */
export function firstOccurrences(haystack: string, needles: readonly string[]): number[] {
  // a few needles: the engine's own search, one per needle (no trie to build, nothing to
  // optimise in a fresh process), linear in the haystack per needle
  if (needles.length <= FEW_NEEDLES) return needles.map((n) => haystack.indexOf(n));
  const hit = searches.get(haystack);
  if (hit !== undefined && sameNeedles(hit.needles, needles)) return [...hit.found];
  const found = manyFirstOccurrences(haystack, needles);
  searches.set(haystack, { needles: [...needles], found });
  return [...found];
}

/**
 * Needles, in total this many times longer than the haystack, are first filtered by the
 * haystack's substrings (see gram-filter.ts): the automaton over a whole ledger (200k facts,
 * 5M units, against a 300k-unit output) is millions of trie nodes, most of them for facts the
 * output does not hold.
 */
const FILTER_RATIO = 1;

function manyFirstOccurrences(haystack: string, needles: readonly string[]): number[] {
  let total = 0;
  for (const n of needles) total += n.length;
  if (total <= haystack.length * FILTER_RATIO) return directFirstOccurrences(haystack, needles);
  const found: number[] = needles.map(() => -1);
  const open = possibleNeedles(haystack, needles);
  const at = directFirstOccurrences(
    haystack,
    open.map((p) => needles[p]!),
  );
  open.forEach((p, i) => {
    found[p] = at[i]!;
  });
  return found;
}

function directFirstOccurrences(haystack: string, needles: readonly string[]): number[] {
  return needles.length <= FEW_NEEDLES || needles.length * haystack.length <= INDEXOF_WORK
    ? needles.map((n) => haystack.indexOf(n))
    : automatonFirstOccurrences(haystack, needles);
}

/**
 * The last search of each text, by content: a live session's next compaction checks the same
 * facts against the same summary drafts (three searches of 540 facts per call at 800k tokens).
 */
const searches = new BoundedCache<{
  readonly needles: readonly string[];
  readonly found: readonly number[];
}>({ maxEntries: 64, maxKeyChars: 1 << 22 });

function sameNeedles(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** {@link firstOccurrences} by one Aho–Corasick pass, whatever the sizes (exported for tests). */
export function automatonFirstOccurrences(haystack: string, needles: readonly string[]): number[] {
  const found: number[] = needles.map((n) => (n === '' ? 0 : -1));
  let total = 0;
  for (const n of needles) total += n.length;
  if (total === 0) return found;
  // typed arrays throughout (no array per trie node): a million-node trie stays cheap for the
  // garbage collector, which made the per-node arrays superlinear on large ledgers
  const edges = new Edges(total);
  const firstEnd = new Int32Array(total + 1).fill(-1); // node -> first needle ending there
  const nextEnd = new Int32Array(needles.length).fill(-1); // needle -> next needle, same node
  let nodes = 1;
  for (let p = 0; p < needles.length; p++) {
    const s = needles[p]!;
    let node = 0;
    for (let i = 0; i < s.length; i++) {
      const code = s.charCodeAt(i);
      let child = edges.get(node, code);
      if (child < 0) {
        child = nodes++;
        edges.set(node, code, child);
      }
      node = child;
    }
    if (s !== '') {
      nextEnd[p] = firstEnd[node]!;
      firstEnd[node] = p;
    }
  }
  const { start, codes, kids } = edges.byParent(nodes);
  const fail = new Int32Array(nodes);
  const output = new Int32Array(nodes).fill(-1); // nearest proper suffix node that ends a needle
  // failure links, breadth first
  const queue = new Int32Array(nodes);
  let tail = 0;
  for (let k = start[0]!; k < start[1]!; k++) queue[tail++] = kids[k]!;
  for (let q = 0; q < tail; q++) {
    const node = queue[q]!;
    for (let k = start[node]!; k < start[node + 1]!; k++) {
      const code = codes[k]!;
      const child = kids[k]!;
      let f = fail[node]!;
      while (f !== 0 && edges.get(f, code) < 0) f = fail[f]!;
      const target = edges.get(f, code);
      fail[child] = target >= 0 && target !== child ? target : 0;
      const fc = fail[child]!;
      output[child] = firstEnd[fc]! >= 0 ? fc : output[fc]!;
      queue[tail++] = child;
    }
  }
  const reported = new Uint8Array(nodes);
  // the root's children by code unit: most of the walk is at the root, one array read per unit
  const root = new Int32Array(65536).fill(-1);
  for (let k = start[0]!; k < start[1]!; k++) root[codes[k]!] = kids[k]!;
  let node = 0;
  for (let i = 0; i < haystack.length; i++) {
    const code = haystack.charCodeAt(i);
    let child = node === 0 ? root[code]! : edges.get(node, code);
    while (child < 0 && node !== 0) {
      node = fail[node]!;
      child = node === 0 ? root[code]! : edges.get(node, code);
    }
    node = Math.max(child, 0);
    // report this node and its suffix chain once each: linear overall
    for (let n = firstEnd[node]! >= 0 ? node : output[node]!; n > 0 && reported[n] === 0; ) {
      reported[n] = 1;
      for (let p = firstEnd[n]!; p >= 0; p = nextEnd[p]!) found[p] = i + 1 - needles[p]!.length;
      n = output[n]!;
    }
  }
  return found;
}

/**
 * Trie edges (parent node, code unit) -> child in an open-addressing table. One slot is two
 * adjacent doubles (the key `parent * 65536 + code`, then the child), so a probe touches one
 * cache line: on large ledgers the table outgrows the caches and three parallel arrays cost
 * three misses per lookup.
 */
class Edges {
  readonly #slots: Float64Array;
  readonly #mask: number;

  constructor(maxEdges: number) {
    let size = 16;
    while (size < maxEdges * 2) size *= 2;
    this.#slots = new Float64Array(size * 2).fill(-1);
    this.#mask = size - 1;
  }

  #slot(parent: number, code: number): number {
    // murmur3's finaliser over (parent, code)
    let k = Math.imul(parent, 0x10001) ^ code;
    k ^= k >>> 16;
    k = Math.imul(k, 0x85ebca6b);
    k ^= k >>> 13;
    k = Math.imul(k, 0xc2b2ae35);
    k ^= k >>> 16;
    const key = parent * 65536 + code;
    let h = k & this.#mask;
    for (;;) {
      const at = this.#slots[h * 2]!;
      if (at === -1 || at === key) return h;
      h = (h + 1) & this.#mask;
    }
  }

  get(parent: number, code: number): number {
    const h = this.#slot(parent, code);
    return this.#slots[h * 2] === -1 ? -1 : this.#slots[h * 2 + 1]!;
  }

  set(parent: number, code: number, child: number): void {
    const h = this.#slot(parent, code);
    this.#slots[h * 2] = parent * 65536 + code;
    this.#slots[h * 2 + 1] = child;
  }

  /** The edges grouped by parent: node `n`'s children are `kids[start[n]..start[n + 1])`. */
  byParent(nodes: number): {
    readonly start: Int32Array;
    readonly codes: Uint16Array;
    readonly kids: Int32Array;
  } {
    const slots = this.#slots;
    const start = new Int32Array(nodes + 1);
    for (let h = 0; h <= this.#mask; h++) {
      const key = slots[h * 2]!;
      if (key === -1) continue;
      const parent = Math.floor(key / 65536);
      start[parent + 1] = start[parent + 1]! + 1;
    }
    for (let n = 0; n < nodes; n++) start[n + 1] = start[n + 1]! + start[n]!;
    const fill = start.slice(0, nodes);
    const codes = new Uint16Array(start[nodes]!);
    const kids = new Int32Array(start[nodes]!);
    for (let h = 0; h <= this.#mask; h++) {
      const key = slots[h * 2]!;
      if (key === -1) continue;
      const parent = Math.floor(key / 65536);
      const at = fill[parent]!;
      fill[parent] = at + 1;
      codes[at] = key - parent * 65536;
      kids[at] = slots[h * 2 + 1]!;
    }
    return { start, codes, kids };
  }
}
