/**
 * @module history/substring-set
 * Which of many strings occur in a text, in one pass (Aho–Corasick over UTF-16 code units):
 * linear in the text plus the total length of the strings, where one `includes` per string
 * would be their product. The fact checks of a compaction use it (thousands of facts against
 * megabytes of history).
 */

/** For each of `needles`, whether it occurs in `haystack` (the empty string always does). */
export function occurrences(haystack: string, needles: readonly string[]): boolean[] {
  return firstOccurrences(haystack, needles).map((at) => at >= 0);
}

/**
 * For each of `needles`, the index where its first occurrence in `haystack` starts, or -1 (the
 * empty string is found at 0).
 */
export function firstOccurrences(haystack: string, needles: readonly string[]): number[] {
  const found: number[] = needles.map((n) => (n === '' ? 0 : -1));
  let total = 0;
  for (const n of needles) total += n.length;
  if (total === 0) return found;
  const edges = new Edges(total);
  const ends: number[][] = [[]];
  for (let p = 0; p < needles.length; p++) {
    const s = needles[p]!;
    let node = 0;
    for (let i = 0; i < s.length; i++) {
      const code = s.charCodeAt(i);
      let child = edges.get(node, code);
      if (child < 0) {
        child = ends.length;
        ends.push([]);
        edges.set(node, code, child);
      }
      node = child;
    }
    if (s !== '') ends[node]!.push(p);
  }
  const nodes = ends.length;
  // failure links, breadth first over the edges grouped by parent
  const children: number[][] = Array.from({ length: nodes }, () => []);
  edges.forEach((parent, code, child) => {
    children[parent]!.push(code, child);
  });
  const fail = new Int32Array(nodes);
  const output = new Int32Array(nodes).fill(-1); // nearest proper suffix node that ends a needle
  const queue: number[] = [];
  const root = children[0]!;
  for (let k = 1; k < root.length; k += 2) queue.push(root[k]!);
  for (let q = 0; q < queue.length; q++) {
    const node = queue[q]!;
    const list = children[node]!;
    for (let k = 0; k < list.length; k += 2) {
      const code = list[k]!;
      const child = list[k + 1]!;
      let f = fail[node]!;
      while (f !== 0 && edges.get(f, code) < 0) f = fail[f]!;
      const target = edges.get(f, code);
      fail[child] = target >= 0 && target !== child ? target : 0;
      const fc = fail[child]!;
      output[child] = ends[fc]!.length > 0 ? fc : output[fc]!;
      queue.push(child);
    }
  }
  const reported = new Uint8Array(nodes);
  let node = 0;
  for (let i = 0; i < haystack.length; i++) {
    const code = haystack.charCodeAt(i);
    let child = edges.get(node, code);
    while (child < 0 && node !== 0) {
      node = fail[node]!;
      child = edges.get(node, code);
    }
    node = Math.max(child, 0);
    // report this node and its suffix chain once each: linear overall
    for (let n = ends[node]!.length > 0 ? node : output[node]!; n > 0 && reported[n] === 0; ) {
      reported[n] = 1;
      for (const p of ends[n]!) found[p] = i + 1 - needles[p]!.length;
      n = output[n]!;
    }
  }
  return found;
}

/** Trie edges (parent node, code unit) -> child in an open-addressing table of typed arrays. */
class Edges {
  readonly #parent: Int32Array;
  readonly #code: Uint16Array;
  readonly #child: Int32Array;
  readonly #mask: number;

  constructor(maxEdges: number) {
    let size = 16;
    while (size < maxEdges * 2) size *= 2;
    this.#parent = new Int32Array(size).fill(-1);
    this.#code = new Uint16Array(size);
    this.#child = new Int32Array(size);
    this.#mask = size - 1;
  }

  #slot(parent: number, code: number): number {
    let h = (Math.imul(parent, 0x9e3779b1) ^ Math.imul(code + 1, 0x85ebca77)) & this.#mask;
    while (this.#parent[h] !== -1 && (this.#parent[h] !== parent || this.#code[h] !== code))
      h = (h + 1) & this.#mask;
    return h;
  }

  get(parent: number, code: number): number {
    const h = this.#slot(parent, code);
    return this.#parent[h] === -1 ? -1 : this.#child[h]!;
  }

  set(parent: number, code: number, child: number): void {
    const h = this.#slot(parent, code);
    this.#parent[h] = parent;
    this.#code[h] = code;
    this.#child[h] = child;
  }

  forEach(fn: (parent: number, code: number, child: number) => void): void {
    for (let h = 0; h <= this.#mask; h++)
      if (this.#parent[h] !== -1) fn(this.#parent[h]!, this.#code[h]!, this.#child[h]!);
  }
}
