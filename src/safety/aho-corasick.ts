/**
 * @module safety/aho-corasick
 * An Aho-Corasick automaton over UTF-16 code units: finds every occurrence of a fixed set of
 * phrases in one left-to-right pass, in time linear in the text plus the number of matches.
 * ASCII transitions use a dense table (a full DFA) over the ASCII characters that occur in some
 * phrase (every other ASCII character is one class), so the table stays small and cache-friendly;
 * other units follow failure links.
 */

/** One phrase occurrence: which phrase, and where it ends (exclusive) in the text. */
export interface PhraseHit {
  readonly phrase: number;
  readonly start: number;
  readonly end: number;
}

/** Largest hit buffer kept between calls (in Int32 entries): 1 MiB. */
const HITS_KEEP = 1 << 18;

/** Bit in a phrase's bounds: the unit before the phrase must not be a word unit. */
export const NEEDS_START_BOUNDARY = 1;
/** Bit in a phrase's bounds: the unit after the phrase must not be a word unit. */
export const NEEDS_END_BOUNDARY = 2;

/** Home slot of the wide edge (state, unit) in a table of `mask + 1` slots. */
function wideSlot(state: number, u: number, mask: number): number {
  return (Math.imul(state, 0x9e3779b1) ^ Math.imul(u, 0x85ebca6b)) & mask;
}

/** A compiled set of phrases. */
export class PhraseAutomaton {
  readonly #step: Uint16Array | Int32Array;
  readonly #outBit: number;
  readonly #classOf: Uint8Array;
  readonly #classes: number;
  readonly #hasOut: Uint8Array;
  /**
   * Trie edges on units of 128 and above, in one open-addressing hash table (key: state and
   * unit; linear probing): a typed-array probe is several times cheaper than a \`Map\` per state.
   */
  readonly #wideState: Int32Array;
  readonly #wideUnit: Uint16Array;
  readonly #wideNext: Int32Array;
  readonly #wideMask: number;
  readonly #fail: Int32Array;
  readonly #out: number[][];
  readonly #lengths: Int32Array;
  readonly #bounds: Uint8Array;
  readonly #wordUnit: Uint8Array;
  /** Per BMP code unit of 128 and above, 1 when some phrase holds it (any other leads to the root). */
  readonly #inPhrase: Uint8Array;
  /** Scratch for {@link occurrences}, grown when a text has more hits (one over 1 MiB is not kept). */
  #hits = new Int32Array(256);

  /**
   * Compiles `phrases` (already normalised; empty ones are ignored). `bounds` gives, per phrase,
   * the {@link NEEDS_START_BOUNDARY} / {@link NEEDS_END_BOUNDARY} bits that {@link occurrences}
   * checks, with `wordUnit` telling which code units are word units (units past its end never are).
   */
  constructor(
    phrases: readonly string[],
    bounds: Uint8Array = new Uint8Array(phrases.length),
    wordUnit: Uint8Array = new Uint8Array(0),
  ) {
    this.#bounds = bounds;
    this.#wordUnit = wordUnit;
    this.#lengths = Int32Array.from(phrases, (p) => p.length);
    // typed arrays throughout (no Map per state): the build runs once per process, and with a Map
    // per trie node it cost about 100 ms, paid by every one-shot `ctxloom scan`
    this.#inPhrase = new Uint8Array(0x10000);
    // ASCII classes: 0 = a character no phrase uses, 1.. = each used character
    const classOf = new Uint8Array(128);
    let classes = 1;
    for (const p of phrases) {
      for (let i = 0; i < p.length; i++) {
        const u = p.charCodeAt(i);
        this.#inPhrase[u] = 1;
        if (u < 128 && classOf[u] === 0) classOf[u] = classes++;
      }
    }
    const K = classes;
    // the trie in insertion numbering: ASCII edges in a dense table (0 = none: the root is no
    // one's child), wide edges in one Map keyed by state and unit
    // at most one state per phrase unit: one allocation, no growing
    let chars = 1;
    for (const p of phrases) chars += p.length;
    const trie = new Int32Array(chars * K);
    const wideOf = new Map<number, number>();
    const wideList: number[] = []; // [state, unit, child] per wide edge, in insertion order
    const asciiList: number[] = []; // [state, class, child] per ASCII edge
    const terminal = new Int32Array(phrases.length).fill(-1);
    let count = 1;
    for (let id = 0; id < phrases.length; id++) {
      const p = phrases[id]!;
      if (p.length === 0) continue;
      let node = 0;
      for (let i = 0; i < p.length; i++) {
        const u = p.charCodeAt(i);
        let next: number;
        if (u < 128) {
          next = trie[node * K + classOf[u]!]!;
          if (next === 0) {
            next = count++;
            trie[node * K + classOf[u]!] = next;
            asciiList.push(node, classOf[u]!, next);
          }
        } else {
          const key = node * 0x10000 + u;
          const found = wideOf.get(key);
          if (found === undefined) {
            next = count++;
            wideOf.set(key, next);
            wideList.push(node, u, next);
          } else next = found;
        }
        node = next;
      }
      terminal[id] = node;
    }
    // every edge per state (counting sort of the edge lists; ASCII edges first, in class order
    // of insertion, then wide ones)
    const asciiEdges = asciiList.length / 3;
    const edges = wideList.length / 3;
    const edgeStart = new Int32Array(count + 1);
    for (let e = 0; e < asciiEdges; e++) edgeStart[asciiList[3 * e]! + 1]!++;
    for (let e = 0; e < edges; e++) edgeStart[wideList[3 * e]! + 1]!++;
    for (let s = 0; s < count; s++) edgeStart[s + 1]! += edgeStart[s]!;
    const fill = edgeStart.slice(0, count);
    const edgeUnit = new Int32Array(asciiEdges + edges); // class (ASCII) or -unit (wide)
    const edgeChild = new Int32Array(asciiEdges + edges);
    for (let e = 0; e < asciiEdges; e++) {
      const at = fill[asciiList[3 * e]!]!++;
      edgeUnit[at] = asciiList[3 * e + 1]!;
      edgeChild[at] = asciiList[3 * e + 2]!;
    }
    for (let e = 0; e < edges; e++) {
      const at = fill[wideList[3 * e]!]!++;
      edgeUnit[at] = -wideList[3 * e + 1]!;
      edgeChild[at] = wideList[3 * e + 2]!;
    }
    // breadth-first order, failure links and which states report phrases, in insertion numbering
    // (the classic construction: a failure link follows the parent's links to the first state
    // with the same edge)
    const order = new Int32Array(count);
    const rank = new Int32Array(count);
    const failOld = new Int32Array(count);
    const reports = new Uint8Array(count);
    for (let id = 0; id < phrases.length; id++) if (terminal[id]! >= 0) reports[terminal[id]!] = 1;
    let tail = 1;
    for (let qi = 0; qi < tail; qi++) {
      const old = order[qi]!;
      for (let e = edgeStart[old]!; e < edgeStart[old + 1]!; e++) {
        const c = edgeChild[e]!;
        rank[c] = tail;
        order[tail++] = c;
        let target = 0;
        if (old !== 0) {
          const k = edgeUnit[e]!;
          let g = failOld[old]!;
          for (;;) {
            const t = k > 0 ? trie[g * K + k]! : (wideOf.get(g * 0x10000 - k) ?? 0);
            if (t !== 0 || g === 0) {
              target = t === c ? 0 : t;
              break;
            }
            g = failOld[g]!;
          }
        }
        failOld[c] = target;
        if (reports[target] === 1) reports[c] = 1;
      }
    }
    // in breadth-first numbering: the shallow states, where the walk spends nearly all its time
    // on ordinary text, sit together at the start of the transition table (cache locality)
    const fail = new Int32Array(count);
    const out: number[][] = new Array<number[]>(count);
    const none: number[] = [];
    out.fill(none);
    for (let id = 0; id < phrases.length; id++) {
      if (terminal[id]! < 0) continue;
      const s = rank[terminal[id]!]!;
      if (out[s] === none) out[s] = [id];
      else out[s]!.push(id);
    }
    // the walk's table holds the next state, with the OUT bit set when that state reports phrases,
    // so the common step (no output) is one load and one bit test; 16-bit entries keep the shallow
    // states, where the walk spends nearly all its time on ordinary text, in cache. A state's row
    // is its failure state's row (built before it) with its own edges written over.
    const small = count < 0x8000;
    const outBit = small ? 0x8000 : 0x40000000;
    const step = small ? new Uint16Array(count * K) : new Int32Array(count * K);
    let size = 16;
    while (size < 2 * edges) size *= 2;
    const mask = size - 1;
    const wideState = new Int32Array(size).fill(-1);
    const wideUnit = new Uint16Array(size);
    const wideNext = new Int32Array(size);
    for (let node = 0; node < count; node++) {
      const old = order[node]!;
      const f = rank[failOld[old]!]!;
      fail[node] = f;
      if (node !== 0) {
        if (out[f]!.length > 0) out[node] = [...out[node]!, ...out[f]!];
        // a plain loop: copyWithin's per-call cost is larger than one short row
        const to = node * K;
        const from = f * K;
        for (let k = 0; k < K; k++) step[to + k] = step[from + k]!;
      }
      for (let e = edgeStart[old]!; e < edgeStart[old + 1]!; e++) {
        const k = edgeUnit[e]!;
        const c = edgeChild[e]!;
        const child = rank[c]!;
        if (k > 0) step[node * K + k] = reports[c] === 1 ? child | outBit : child;
        else {
          let h = wideSlot(node, -k, mask);
          while (wideState[h] !== -1) h = (h + 1) & mask;
          wideState[h] = node;
          wideUnit[h] = -k;
          wideNext[h] = child;
        }
      }
    }
    this.#step = step;
    this.#outBit = outBit;
    this.#classOf = classOf;
    this.#classes = K;
    this.#hasOut = Uint8Array.from(out, (o) => (o.length > 0 ? 1 : 0));
    this.#wideState = wideState;
    this.#wideUnit = wideUnit;
    this.#wideNext = wideNext;
    this.#wideMask = mask;
    this.#fail = fail;
    this.#out = out;
  }

  /**
   * Calls `onHit` for every phrase occurrence in `text`, in order of end position, bounds or not
   * (the plain Aho-Corasick answer; {@link occurrences} is the walk the scanner uses).
   */
  scan(text: string, onHit: (phrase: number, start: number, end: number) => void): void {
    const pairs = this.#walk(text, false);
    const lengths = this.#lengths;
    for (let k = 0; k < pairs.length; k += 2) {
      const id = pairs[k]!;
      const end = pairs[k + 1]!;
      onHit(id, end - lengths[id]!, end);
    }
  }

  /**
   * The state after a unit of 128 or above: failure links until a state has it as an edge. A unit
   * no phrase holds leads to the root at once (most non-ASCII text: accents, emoji, other scripts).
   */
  #wideStep(node: number, u: number): number {
    if (this.#inPhrase[u] === 0) return 0;
    const fail = this.#fail;
    const states = this.#wideState;
    const units = this.#wideUnit;
    const mask = this.#wideMask;
    for (;;) {
      for (let h = wideSlot(node, u, mask); ; h = (h + 1) & mask) {
        const s = states[h]!;
        if (s === -1) break;
        if (s === node && units[h] === u) return this.#wideNext[h]!;
      }
      if (node === 0) return 0;
      node = fail[node]!;
    }
  }

  /**
   * Every phrase occurrence in `text` whose bounds hold, as flat `[phrase, end, phrase, end, ...]`
   * pairs in order of end. One pass with no call per occurrence: the caller loops over the
   * result, which keeps the per-hit cost low when short phrases occur inside many words.
   * The result is a view of a buffer the next call reuses: read it before calling again.
   */
  occurrences(text: string): Int32Array {
    return this.#walk(text, true);
  }

  /** The walk behind {@link occurrences} (`checkBounds`) and {@link scan} (every occurrence). */
  #walk(text: string, checkBounds: boolean): Int32Array {
    const step = this.#step;
    const classOf = this.#classOf;
    const K = this.#classes;
    const hasOut = this.#hasOut;
    const out = this.#out;
    const lengths = this.#lengths;
    const bounds = this.#bounds;
    const wordUnit = this.#wordUnit;
    const wordUnits = wordUnit.length;
    const outBit = this.#outBit;
    const mask = outBit - 1;
    let buf = this.#hits;
    let count = 0;
    let node = 0;
    const n = text.length;
    for (let i = 0; i < n; i++) {
      const u = text.charCodeAt(i);
      if (u < 128) {
        const v = step[node * K + classOf[u]!]!;
        node = v & mask;
        if ((v & outBit) === 0) continue;
      } else {
        node = this.#wideStep(node, u);
        if (hasOut[node] === 0) continue;
      }
      const o = out[node]!;
      const end = i + 1;
      for (let k = 0; k < o.length; k++) {
        const id = o[k]!;
        const b = checkBounds ? bounds[id]! : 0;
        if (b !== 0) {
          if ((b & NEEDS_START_BOUNDARY) !== 0) {
            const start = end - lengths[id]!;
            if (start > 0) {
              const p = text.charCodeAt(start - 1);
              if (p < wordUnits && wordUnit[p] === 1) continue;
            }
          }
          if ((b & NEEDS_END_BOUNDARY) !== 0 && end < n) {
            const q = text.charCodeAt(end);
            if (q < wordUnits && wordUnit[q] === 1) continue;
          }
        }
        if (count + 2 > buf.length) {
          const bigger = new Int32Array(buf.length * 2);
          bigger.set(buf);
          buf = bigger;
          this.#hits = bigger;
        }
        buf[count++] = id;
        buf[count++] = end;
      }
    }
    if (buf.length > HITS_KEEP) this.#hits = new Int32Array(256);
    return buf.subarray(0, count);
  }
}
