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
    const children: Map<number, number>[] = [new Map()];
    const out: number[][] = [[]];
    this.#lengths = Int32Array.from(phrases, (p) => p.length);
    this.#inPhrase = new Uint8Array(0x10000);
    for (const p of phrases) for (let i = 0; i < p.length; i++) this.#inPhrase[p.charCodeAt(i)] = 1;
    phrases.forEach((p, id) => {
      if (p.length === 0) return;
      let node = 0;
      for (let i = 0; i < p.length; i++) {
        const u = p.charCodeAt(i);
        let next = children[node]!.get(u);
        if (next === undefined) {
          next = children.length;
          children.push(new Map());
          out.push([]);
          children[node]!.set(u, next);
        }
        node = next;
      }
      out[node]!.push(id);
    });
    // breadth-first numbering: the shallow states, where the walk spends nearly all its time on
    // ordinary text, sit together at the start of the transition table (cache locality)
    {
      const order: number[] = [0];
      for (let qi = 0; qi < order.length; qi++)
        for (const child of children[order[qi]!]!.values()) order.push(child);
      const rank = new Int32Array(order.length);
      order.forEach((old, k) => {
        rank[old] = k;
      });
      const oldChildren = children.slice();
      const oldOut = out.slice();
      order.forEach((old, k) => {
        const m = new Map<number, number>();
        for (const [u, c] of oldChildren[old]!) m.set(u, rank[c]!);
        children[k] = m;
        out[k] = oldOut[old]!;
      });
    }
    const count = children.length;
    const fail = new Int32Array(count);
    // ASCII classes: 0 = a character no phrase uses, 1.. = each used character
    const classOf = new Uint8Array(128);
    let classes = 1;
    for (const p of phrases) {
      for (let i = 0; i < p.length; i++) {
        const u = p.charCodeAt(i);
        if (u < 128 && classOf[u] === 0) classOf[u] = classes++;
      }
    }
    const K = classes;
    const ascii = count < 0x10000 ? new Uint16Array(count * K) : new Int32Array(count * K);
    // breadth-first: failure links, merged outputs, and the full ASCII DFA
    const queue: number[] = [];
    for (let c = 0; c < 128; c++) {
      if (classOf[c] === 0) continue;
      const child = children[0]!.get(c);
      ascii[classOf[c]!] = child ?? 0;
      if (child !== undefined) {
        fail[child] = 0;
        queue.push(child);
      }
    }
    for (const [u, child] of children[0]!) {
      if (u >= 128) {
        fail[child] = 0;
        queue.push(child);
      }
    }
    for (let qi = 0; qi < queue.length; qi++) {
      const node = queue[qi]!;
      const f = fail[node]!;
      if (out[f]!.length > 0) out[node] = [...out[node]!, ...out[f]!];
      for (let c = 0; c < 128; c++) {
        const k = classOf[c]!;
        if (k === 0) continue;
        const child = children[node]!.get(c);
        if (child === undefined) {
          ascii[node * K + k] = ascii[f * K + k]!;
        } else {
          ascii[node * K + k] = child;
          fail[child] = ascii[f * K + k]!;
          queue.push(child);
        }
      }
      for (const [u, child] of children[node]!) {
        if (u < 128) continue;
        let g = f;
        let target: number | undefined;
        for (;;) {
          target = children[g]!.get(u);
          if (target !== undefined || g === 0) break;
          g = fail[g]!;
        }
        fail[child] = target !== undefined && target !== child ? target : 0;
        queue.push(child);
      }
    }
    // the walk's table holds the next state, with the OUT bit set when that state reports phrases,
    // so the common step (no output) is one load and one bit test; 16-bit entries keep the shallow
    // states, where the walk spends nearly all its time on ordinary text, in cache
    const small = count < 0x8000;
    const outBit = small ? 0x8000 : 0x40000000;
    const step = small ? new Uint16Array(count * K) : new Int32Array(count * K);
    for (let x = 0; x < count * K; x++) {
      const t = ascii[x]!;
      step[x] = out[t]!.length > 0 ? t | outBit : t;
    }
    this.#step = step;
    this.#outBit = outBit;
    this.#classOf = classOf;
    this.#classes = K;
    this.#hasOut = Uint8Array.from(out, (o) => (o.length > 0 ? 1 : 0));
    let edges = 0;
    for (const c of children) for (const u of c.keys()) if (u >= 128) edges++;
    let size = 16;
    while (size < 2 * edges) size *= 2;
    this.#wideState = new Int32Array(size).fill(-1);
    this.#wideUnit = new Uint16Array(size);
    this.#wideNext = new Int32Array(size);
    this.#wideMask = size - 1;
    children.forEach((c, state) => {
      for (const [u, next] of c) {
        if (u < 128) continue;
        let h = wideSlot(state, u, this.#wideMask);
        while (this.#wideState[h] !== -1) h = (h + 1) & this.#wideMask;
        this.#wideState[h] = state;
        this.#wideUnit[h] = u;
        this.#wideNext[h] = next;
      }
    });
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
