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
  // trie: transitions keyed by node * 65536 + code unit
  const next = new Map<number, number>();
  const ends: number[][] = [[]];
  for (let p = 0; p < needles.length; p++) {
    const s = needles[p]!;
    if (s === '') continue;
    let node = 0;
    for (let i = 0; i < s.length; i++) {
      const key = node * 65536 + s.charCodeAt(i);
      let child = next.get(key);
      if (child === undefined) {
        child = ends.length;
        ends.push([]);
        next.set(key, child);
      }
      node = child;
    }
    ends[node]!.push(p);
  }
  const nodes = ends.length;
  if (nodes === 1) return found;
  // failure links, breadth first; children listed per node for the walk
  const children: [number, number][][] = Array.from({ length: nodes }, () => []);
  for (const [key, child] of next) children[Math.floor(key / 65536)]!.push([key % 65536, child]);
  const fail = new Int32Array(nodes);
  const output = new Int32Array(nodes).fill(-1); // nearest proper suffix node that ends a needle
  const queue: number[] = [];
  for (const [, child] of children[0]!) queue.push(child);
  for (let q = 0; q < queue.length; q++) {
    const node = queue[q]!;
    for (const [code, child] of children[node]!) {
      let f = fail[node]!;
      while (f !== 0 && !next.has(f * 65536 + code)) f = fail[f]!;
      const target = next.get(f * 65536 + code);
      fail[child] = target !== undefined && target !== child ? target : 0;
      const fc = fail[child]!;
      output[child] = ends[fc]!.length > 0 ? fc : output[fc]!;
      queue.push(child);
    }
  }
  const reported = new Uint8Array(nodes);
  let node = 0;
  for (let i = 0; i < haystack.length; i++) {
    const code = haystack.charCodeAt(i);
    let child = next.get(node * 65536 + code);
    while (child === undefined && node !== 0) {
      node = fail[node]!;
      child = next.get(node * 65536 + code);
    }
    node = child ?? 0;
    // report this node and its suffix chain once each: linear overall
    for (let n = ends[node]!.length > 0 ? node : output[node]!; n > 0 && reported[n] === 0; ) {
      reported[n] = 1;
      for (const p of ends[n]!) found[p] = i + 1 - needles[p]!.length;
      n = output[n]!;
    }
  }
  return found;
}
