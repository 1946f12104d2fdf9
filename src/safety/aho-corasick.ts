/**
 * @module safety/aho-corasick
 * An Aho-Corasick automaton over UTF-16 code units: finds every occurrence of a fixed set of
 * phrases in one left-to-right pass, in time linear in the text plus the number of matches.
 * ASCII transitions use a dense table (a full DFA) of 64 columns, one per ASCII character that
 * occurs in some phrase (column 0: every unit no phrase holds, ASCII or not, which leads to the
 * root; column 63: units that take the hash step), so the table stays small and cache-friendly
 * and a row is found by a shift. Units of 128 and above that some phrase holds, and the rarest
 * ASCII characters when a phrase set uses more than 62, follow failure links through a hash table.
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

/**
 * The part of an automaton that is costly to compute and cheap to store: states numbered
 * breadth-first, each state's trie edges (the child of edge `e` is state `e + 1`), failure links
 * and the phrases each state reports. It depends only on the phrases; {@link PhraseAutomaton}
 * expands it into its walk tables, and `phrase-tables.ts` stores it precomputed at build time.
 */
export interface AutomatonSkeleton {
  /** ASCII character to class (0 = a character no phrase uses, 1.. = each used character). */
  readonly classOf: Uint8Array;
  /** Number of ASCII classes (the width of a row of the walk table). */
  readonly classes: number;
  /** Failure link per state (state 0 is the root). */
  readonly fail: Int32Array;
  /** Edges of state `s` are `edgeStart[s]` to `edgeStart[s + 1]` (one entry per state, plus one). */
  readonly edgeStart: Int32Array;
  /** Per edge: its ASCII class (> 0), or minus its code unit (a unit of 128 and above). */
  readonly edgeKey: Int32Array;
  /** Phrases reported in state `s`: `outIds[outStart[s]]` to `outIds[outStart[s + 1]]`, in walk order. */
  readonly outStart: Int32Array;
  readonly outIds: Int32Array;
}

/** The trie in insertion numbering: ASCII edges in a dense table, wide edges in one Map. */
interface Trie {
  readonly classOf: Uint8Array;
  readonly classes: number;
  readonly states: number;
  readonly ascii: Int32Array;
  readonly wideOf: Map<number, number>;
  readonly edgeStart: Int32Array;
  readonly edgeKey: Int32Array;
  readonly edgeChild: Int32Array;
  readonly terminal: Int32Array;
}

function asciiClasses(phrases: readonly string[]): { classOf: Uint8Array; classes: number } {
  const classOf = new Uint8Array(128);
  let classes = 1;
  for (const p of phrases) {
    for (let i = 0; i < p.length; i++) {
      const u = p.charCodeAt(i);
      if (u < 128 && classOf[u] === 0) classOf[u] = classes++;
    }
  }
  return { classOf, classes };
}

/** Inserts every phrase into a trie, then groups the edges per state (counting sort). */
function buildTrie(phrases: readonly string[]): Trie {
  const { classOf, classes: K } = asciiClasses(phrases);
  // at most one state per phrase unit: one allocation, no growing
  let chars = 1;
  for (const p of phrases) chars += p.length;
  const ascii = new Int32Array(chars * K); // 0 = no edge: the root is no one's child
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
        const k = classOf[u]!;
        next = ascii[node * K + k]!;
        if (next === 0) {
          next = count++;
          ascii[node * K + k] = next;
          asciiList.push(node, k, next);
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
  // every edge per state: ASCII edges first, in insertion order, then wide ones
  const asciiEdges = asciiList.length / 3;
  const edges = asciiEdges + wideList.length / 3;
  const edgeStart = new Int32Array(count + 1);
  for (let e = 0; e < asciiList.length; e += 3) edgeStart[asciiList[e]! + 1]!++;
  for (let e = 0; e < wideList.length; e += 3) edgeStart[wideList[e]! + 1]!++;
  for (let s = 0; s < count; s++) edgeStart[s + 1]! += edgeStart[s]!;
  const fill = edgeStart.slice(0, count);
  const edgeKey = new Int32Array(edges);
  const edgeChild = new Int32Array(edges);
  for (let e = 0; e < asciiList.length; e += 3) {
    const at = fill[asciiList[e]!]!++;
    edgeKey[at] = asciiList[e + 1]!;
    edgeChild[at] = asciiList[e + 2]!;
  }
  for (let e = 0; e < wideList.length; e += 3) {
    const at = fill[wideList[e]!]!++;
    edgeKey[at] = -wideList[e + 1]!;
    edgeChild[at] = wideList[e + 2]!;
  }
  return {
    classOf,
    classes: K,
    states: count,
    ascii,
    wideOf,
    edgeStart,
    edgeKey,
    edgeChild,
    terminal,
  };
}

/**
 * Computes the {@link AutomatonSkeleton} of `phrases` (already normalised; empty ones are
 * ignored): breadth-first order and failure links by the classic construction (a failure link
 * follows the parent's links to the first state with the same edge), then everything renumbered
 * breadth-first, so the shallow states, where the walk spends nearly all its time on ordinary
 * text, sit together at the start of the walk table (cache locality).
 */
export function buildAutomatonSkeleton(phrases: readonly string[]): AutomatonSkeleton {
  const trie = buildTrie(phrases);
  const { ascii, wideOf, edgeStart, edgeKey, edgeChild, states: count, classes: K } = trie;
  const order = new Int32Array(count);
  const rank = new Int32Array(count);
  const failOld = new Int32Array(count);
  let tail = 1;
  for (let qi = 0; qi < tail; qi++) {
    const old = order[qi]!;
    for (let e = edgeStart[old]!; e < edgeStart[old + 1]!; e++) {
      const c = edgeChild[e]!;
      rank[c] = tail;
      order[tail++] = c;
      let target = 0;
      if (old !== 0) {
        const k = edgeKey[e]!;
        let g = failOld[old]!;
        for (;;) {
          const t = k > 0 ? ascii[g * K + k]! : (wideOf.get(g * 0x10000 - k) ?? 0);
          if (t !== 0 || g === 0) {
            target = t === c ? 0 : t;
            break;
          }
          g = failOld[g]!;
        }
      }
      failOld[c] = target;
    }
  }
  // renumber breadth-first; a state reports its own phrases (in phrase order), then its failure
  // state's (already final: the failure state is shallower, so it comes first)
  const own: number[][] = new Array<number[]>(count);
  for (let id = 0; id < phrases.length; id++) {
    const t = trie.terminal[id]!;
    if (t < 0) continue;
    const s = rank[t]!;
    if (own[s] === undefined) own[s] = [id];
    else own[s]!.push(id);
  }
  const fail = new Int32Array(count);
  const newStart = new Int32Array(count + 1);
  const newKey = new Int32Array(edgeKey.length);
  const outStart = new Int32Array(count + 1);
  const outIds: number[] = [];
  let e2 = 0;
  for (let node = 0; node < count; node++) {
    const old = order[node]!;
    const f = rank[failOld[old]!]!;
    fail[node] = f;
    newStart[node] = e2;
    for (let e = edgeStart[old]!; e < edgeStart[old + 1]!; e++) newKey[e2++] = edgeKey[e]!;
    outStart[node] = outIds.length;
    const mine = own[node];
    if (mine !== undefined) for (const id of mine) outIds.push(id);
    if (node !== 0) for (let k = outStart[f]!; k < outStart[f + 1]!; k++) outIds.push(outIds[k]!);
    outStart[node + 1] = outIds.length;
  }
  newStart[count] = e2;
  return {
    classOf: trie.classOf,
    classes: K,
    fail,
    edgeStart: newStart,
    edgeKey: newKey,
    outStart,
    outIds: Int32Array.from(outIds),
  };
}

/**
 * The root's number in the walk: states are numbered from 1, so that a walk-table entry of 0
 * means "not computed yet" (see `PhraseAutomaton.#fill`).
 */
export const ROOT = 1;

/** Slots of {@link PhraseAutomaton}'s wide-step memo, less one (a power of two less one). */
const MEMO_MASK = (1 << 12) - 1;

/** Width of a walk-table row, as a shift: 64 columns (column 0 is "no phrase holds this unit"). */
const COLUMN_BITS = 6;
const COLUMNS = 1 << COLUMN_BITS;
/**
 * Column of a unit that takes the hash-table step instead of the walk table: the last one, whose
 * entry in every row is {@link PhraseAutomaton}'s wide marker (a number at or above the first
 * reporting state, so the walk's common step tests one compare, not the column too).
 */
export const WIDE = COLUMNS - 1;

/**
 * ASCII characters least likely in text, rarest first: when a phrase set uses more ASCII
 * characters than the table has columns, these take the (slower) hash-table step. `~`, `%`,
 * `&`, `!` and `+` are the rarest of the shipped phrases' characters in the benign corpus (a few
 * thousand each in 13 M characters); braces, backticks and brackets are common in Markdown code.
 */
const RARE_ASCII = '\x7f\x00~%&!+^\\{}|`<>[]#*=;$@';

/**
 * Each BMP unit's walk-table column ({@link WIDE} for units of 128 and above that some phrase
 * holds, and for the rarest ASCII ones past the table's width), and the ASCII unit of each
 * skeleton class.
 */
function walkColumns(skeleton: AutomatonSkeleton): { column: Uint8Array; unitOfClass: Int32Array } {
  const { classOf, classes, edgeKey } = skeleton;
  const unitOfClass = new Int32Array(classes);
  for (let u = 0; u < 128; u++) if (classOf[u]! > 0) unitOfClass[classOf[u]!] = u;
  // common characters first (in class order), then the rare ones, rarest last
  const key = (c: number) => {
    const rare = RARE_ASCII.indexOf(String.fromCharCode(unitOfClass[c]!));
    return rare < 0 ? c - COLUMNS * 4 : COLUMNS * 4 - rare;
  };
  const order = Array.from({ length: classes - 1 }, (_, i) => i + 1).sort(
    (a, b) => key(a) - key(b),
  );
  const column = new Uint8Array(0x10000);
  order.forEach((c, i) => {
    column[unitOfClass[c]!] = Math.min(i + 1, WIDE);
  });
  for (let e = 0; e < edgeKey.length; e++) if (edgeKey[e]! < 0) column[-edgeKey[e]!] = WIDE;
  return { column, unitOfClass };
}

/**
 * The skeleton's output lists less the phrases whose start boundary can never hold where a state
 * reports them. A state's string is a suffix of the text read so far, so a phrase shorter than
 * its state's string is preceded by a known unit, the state's own: when that unit is a word unit,
 * the phrase's start-boundary check fails at every occurrence the state reports ("e" inside
 * "the", "at" inside "that"), and leaving it out changes no answer of {@link occurrences}. Most
 * of the walk's output steps on ordinary text were such phrases; a state left with no phrase is
 * numbered among those that report nothing (see {@link walkNumbering}), so the walk does not stop
 * there at all.
 */
function reachableOutputs(
  skeleton: AutomatonSkeleton,
  unitOfClass: Int32Array,
  lengths: Int32Array,
  bounds: Uint8Array,
  wordUnit: Uint8Array,
): { outStart: Int32Array; outIds: Int32Array; outBounds: Uint8Array } {
  const { edgeStart, edgeKey, outStart, outIds } = skeleton;
  const count = edgeStart.length - 1;
  // the child of edge e is state e + 1 (breadth-first numbering): its parent, depth and unit
  const parent = new Int32Array(count);
  const depth = new Int32Array(count);
  const unit = new Int32Array(count);
  for (let s = 0; s < count; s++) {
    for (let e = edgeStart[s]!; e < edgeStart[s + 1]!; e++) {
      const key = edgeKey[e]!;
      parent[e + 1] = s;
      depth[e + 1] = depth[s]! + 1;
      unit[e + 1] = key > 0 ? unitOfClass[key]! : -key;
    }
  }
  const start = new Int32Array(count + 1);
  const ids = new Int32Array(outIds.length);
  const entryBounds = new Uint8Array(outIds.length);
  let n = 0;
  for (let s = 0; s < count; s++) {
    start[s] = n;
    for (let k = outStart[s]!; k < outStart[s + 1]!; k++) {
      const id = outIds[k]!;
      const len = lengths[id]!;
      let b = bounds[id]!;
      if ((b & NEEDS_START_BOUNDARY) !== 0 && len < depth[s]!) {
        // the unit before the phrase: the one entering the ancestor `len` levels up
        let a = s;
        for (let j = 0; j < len; j++) a = parent[a]!;
        const u = unit[a]!;
        if (u < wordUnit.length && wordUnit[u] === 1) continue;
        b &= ~NEEDS_START_BOUNDARY; // it holds wherever the state reports the phrase
      }
      entryBounds[n] = b;
      ids[n++] = id;
    }
  }
  start[count] = n;
  return { outStart: start, outIds: ids.subarray(0, n), outBounds: entryBounds.subarray(0, n) };
}

/**
 * The walk's state numbering: the states that report no phrase (by `outStart`, one entry per state
 * plus one), then those that do, each breadth-first; `outBase` is the first of the latter. The
 * root reports nothing, so it stays state 0 (walk number {@link ROOT}).
 */
function walkNumbering(outStart: Int32Array): {
  newId: Int32Array;
  oldId: Int32Array;
  outBase: number;
} {
  const count = outStart.length - 1;
  const newId = new Int32Array(count);
  const oldId = new Int32Array(count);
  let n = 0;
  for (let s = 0; s < count; s++)
    if (outStart[s + 1] === outStart[s]) {
      newId[s] = n;
      oldId[n++] = s;
    }
  const outBase = n;
  for (let s = 0; s < count; s++)
    if (outStart[s + 1] !== outStart[s]) {
      newId[s] = n;
      oldId[n++] = s;
    }
  return { newId, oldId, outBase };
}

/**
 * Per-state lists (`start`, one entry per state plus one) laid out again in the order `oldId`
 * (a state listed twice must report nothing: the id arrays have room for each list once).
 */
function relist(
  start: Int32Array,
  oldId: Int32Array,
  ids: Int32Array,
  bounds: Uint8Array = new Uint8Array(ids.length),
): { start: Int32Array; ids: Int32Array; bounds: Uint8Array } {
  const out = {
    start: new Int32Array(oldId.length + 1),
    ids: new Int32Array(ids.length),
    bounds: new Uint8Array(ids.length),
  };
  let n = 0;
  for (let k = 0; k < oldId.length; k++) {
    const s = oldId[k]!;
    out.start[k] = n;
    for (let e = start[s]!; e < start[s + 1]!; e++) {
      out.ids[n] = ids[e]!;
      out.bounds[n++] = bounds[e]!;
    }
  }
  out.start[oldId.length] = n;
  return out;
}

/** The trie's edges by walk number (see {@link walkEdges}). */
export interface WalkEdges {
  /** Edges on walk-table columns: state `s`'s are `denseStart[s]` to `denseStart[s + 1]`. */
  readonly denseStart: Int32Array;
  readonly denseColumn: Uint8Array;
  readonly denseNext: Int32Array;
  /** Edges on {@link WIDE} units: one open-addressing table, a power of two slots (0: empty). */
  readonly wideState: Int32Array;
  readonly wideUnit: Uint16Array;
  readonly wideNext: Int32Array;
}

/**
 * Every trie edge of `skeleton` between walk numbers (`newId[s] + ROOT`): those on a walk-table
 * column grouped per state (what `PhraseAutomaton.#fill` reads), those on {@link WIDE} units in a
 * hash table keyed by state and unit.
 */
function walkEdges(
  skeleton: AutomatonSkeleton,
  column: Uint8Array,
  unitOfClass: Int32Array,
  newId: Int32Array,
): WalkEdges {
  const { edgeStart, edgeKey } = skeleton;
  const count = edgeStart.length - 1;
  const states = count + ROOT;
  const denseStart = new Int32Array(states + 1);
  const edgeColumn = new Uint8Array(edgeKey.length);
  let wide = 0;
  for (let node = 0; node < count; node++)
    for (let e = edgeStart[node]!; e < edgeStart[node + 1]!; e++) {
      const key = edgeKey[e]!;
      const col = column[key > 0 ? unitOfClass[key]! : -key]!;
      edgeColumn[e] = col;
      if (col !== WIDE) denseStart[newId[node]! + ROOT + 1]!++;
      else wide++;
    }
  for (let s = 0; s < states; s++) denseStart[s + 1]! += denseStart[s]!;
  const denseColumn = new Uint8Array(denseStart[states]!);
  const denseNext = new Int32Array(denseColumn.length);
  const at = denseStart.slice(0, states);
  // at most half full: sized by the wide edges alone (6,961 of the shipped rules' 45,119 edges;
  // sized by all edges it took 1.3 MB of fresh pages)
  let size = 16;
  while (size < 2 * wide) size *= 2;
  const mask = size - 1;
  const wideState = new Int32Array(size); // 0: an empty slot (walk numbers start at ROOT)
  const wideUnit = new Uint16Array(size);
  const wideNext = new Int32Array(size);
  for (let node = 0; node < count; node++) {
    const from = newId[node]! + ROOT;
    for (let e = edgeStart[node]!; e < edgeStart[node + 1]!; e++) {
      const child = newId[e + 1]! + ROOT;
      const col = edgeColumn[e]!;
      if (col !== WIDE) {
        const k = at[from]!++;
        denseColumn[k] = col;
        denseNext[k] = child;
      } else {
        const key = edgeKey[e]!;
        const u = key > 0 ? unitOfClass[key]! : -key;
        let h = wideSlot(from, u, mask);
        while (wideState[h] !== 0) h = (h + 1) & mask;
        wideState[h] = from;
        wideUnit[h] = u;
        wideNext[h] = child;
      }
    }
  }
  return { denseStart, denseColumn, denseNext, wideState, wideUnit, wideNext };
}

/**
 * Everything a {@link PhraseAutomaton} walks with but its walk table (filled as the walk reads
 * it) and its memo: a pure function of the phrases, their bounds, the word-unit table and the
 * only-later gaps, so the build can store it for the shipped rules (`phrase-tables.ts`). States
 * are walk-numbered from {@link ROOT}; per-state arrays have an unused entry 0.
 */
export interface WalkTables extends WalkEdges {
  /** Per phrase, its length. */
  readonly lengths: Int32Array;
  /** The first state that reports phrases (see {@link walkNumbering}), plus {@link ROOT}. */
  readonly outBase: number;
  /** Per BMP code unit, its walk-table column. */
  readonly column: Uint8Array;
  /** Failure link per state. */
  readonly fail: Int32Array;
  /** Every phrase each state reports (for `scan`). */
  readonly allStart: Int32Array;
  readonly allIds: Int32Array;
  /** The pruned lists the walk of `occurrences` reads, with each entry's length, bounds and gap. */
  readonly outStart: Int32Array;
  readonly outIds: Int32Array;
  readonly outBounds: Uint8Array;
  readonly outLen: Int32Array;
  readonly outGap: Int32Array;
}

/**
 * The {@link WalkTables} of `phrases` with `skeleton` (their {@link buildAutomatonSkeleton}); see
 * {@link PhraseAutomaton}'s constructor for `bounds`, `wordUnit` and `onlyLaterGap`.
 */
export function compileWalkTables(
  phrases: readonly string[],
  bounds: Uint8Array,
  wordUnit: Uint8Array,
  skeleton: AutomatonSkeleton,
  onlyLaterGap?: Int32Array,
): WalkTables {
  // plain loops below: `Int32Array.from` with a map function goes through the iterator
  // protocol, about 12 ms for the shipped automaton's 45k states in a fresh process
  const lengths = new Int32Array(phrases.length);
  for (let k = 0; k < phrases.length; k++) lengths[k] = phrases[k]!.length;
  const { fail } = skeleton;
  const count = fail.length;
  const { column, unitOfClass } = walkColumns(skeleton);
  const pruned = reachableOutputs(skeleton, unitOfClass, lengths, bounds, wordUnit);
  // states that report no phrase are numbered first, so the walk's common step (no output) is
  // one load and one compare against the first reporting state (see walkNumbering); the walk
  // numbers states from 1 (see ROOT), so that 0 can mean "entry not computed yet"
  const { newId, oldId, outBase } = walkNumbering(pruned.outStart);
  // per-state tables by walk number: entry 0 is a state that reports nothing (the root's lists)
  const byWalkId = new Int32Array(count + ROOT);
  byWalkId.set(oldId, ROOT);
  const walkFail = new Int32Array(count + ROOT);
  for (let k = 0; k < walkFail.length; k++) walkFail[k] = newId[fail[byWalkId[k]!]!]! + ROOT;
  const all = relist(skeleton.outStart, byWalkId, skeleton.outIds);
  const out = relist(pruned.outStart, byWalkId, pruned.outIds, pruned.outBounds);
  const outLen = new Int32Array(out.ids.length);
  const outGap = new Int32Array(out.ids.length).fill(-1);
  for (let k = 0; k < out.ids.length; k++) {
    outLen[k] = lengths[out.ids[k]!]!;
    if (onlyLaterGap !== undefined) outGap[k] = onlyLaterGap[out.ids[k]!] ?? -1;
  }
  return {
    lengths,
    outBase: outBase + ROOT,
    column,
    fail: walkFail,
    ...walkEdges(skeleton, column, unitOfClass, newId),
    allStart: all.start,
    allIds: all.ids,
    outStart: out.start,
    outIds: out.ids,
    outBounds: out.bounds,
    outLen,
    outGap,
  };
}

/** A compiled set of phrases. */
export class PhraseAutomaton {
  readonly #step: Uint16Array | Int32Array;
  /** The first state that reports phrases: states are numbered so that those that do come last. */
  readonly #outBase: number;
  /** The walk-table entry of column {@link WIDE} in every row (see there). */
  readonly #wideMarker: number;
  /**
   * Per BMP code unit, its column in the walk table (0 for a unit no phrase holds: every
   * state's column 0 leads to the root), or {@link WIDE} for a unit that follows the hash table.
   */
  readonly #column: Uint8Array;
  /**
   * Trie edges on units of 128 and above, in one open-addressing hash table (key: state and
   * unit; linear probing): a typed-array probe is several times cheaper than a \`Map\` per state.
   */
  readonly #wideState: Int32Array;
  readonly #wideUnit: Uint16Array;
  readonly #wideNext: Int32Array;
  readonly #wideMask: number;
  /** Trie edges on table columns: state `s`'s are `#denseStart[s]` to `#denseStart[s + 1]`. */
  readonly #denseStart: Int32Array;
  readonly #denseColumn: Uint8Array;
  readonly #denseNext: Int32Array;
  readonly #fail: Int32Array;
  /** Every phrase each state reports (the plain answer, for {@link scan}). */
  readonly #allStart: Int32Array;
  readonly #allIds: Int32Array;
  /**
   * The phrases each state reports less those whose start boundary fails in every text that
   * reaches it (see {@link reachableOutputs}): the walk of {@link occurrences} reads these.
   */
  readonly #outStart: Int32Array;
  readonly #outIds: Int32Array;
  /**
   * Per entry of {@link #outIds}: the phrase's length, the bounds left to check at run time (a
   * start boundary that always holds there is dropped) and its only-later gap (-1: none), side by
   * side with the entry, so the walk's output step reads no table through the phrase id.
   */
  readonly #outLen: Int32Array;
  readonly #outBounds: Uint8Array;
  readonly #outGap: Int32Array;
  readonly #lengths: Int32Array;
  readonly #wordUnit: Uint8Array;
  /** Scratch for {@link occurrences}, grown when a text has more hits (one over 1 MiB is not kept). */
  #hits = new Int32Array(256);
  /**
   * A direct-mapped memo of {@link #wideStep}'s answers (state, unit, next state; -1: empty).
   * Text dense in units the phrases hold (Chinese, Cyrillic) takes the wide step on nearly every
   * unit, and each one follows failure links through several hash probes; the memo answers a
   * repeated (state, unit) pair in one probe. It holds only answers of a pure function of the
   * automaton, so what it holds changes no result.
   */
  readonly #memoState = new Int32Array(MEMO_MASK + 1).fill(-1);
  readonly #memoUnit = new Uint16Array(MEMO_MASK + 1);
  readonly #memoNext = new Int32Array(MEMO_MASK + 1);

  /**
   * Compiles `phrases` (already normalised; empty ones are ignored). `bounds` gives, per phrase,
   * the {@link NEEDS_START_BOUNDARY} / {@link NEEDS_END_BOUNDARY} bits that {@link occurrences}
   * checks, with `wordUnit` telling which code units are word units (units past its end never are).
   * `skeleton`, when given, must be {@link buildAutomatonSkeleton} of the same `phrases` (a
   * precomputed one, which skips most of the build). `onlyLaterGap`, when given, says per phrase
   * that its hit matters only within that many units after the end of an earlier hit (-1: always):
   * {@link occurrences} leaves out a hit that starts farther than that after the last hit it
   * reported (a phrase that only continues a chain, such as a quote mark or a colon, far from
   * any chain; such hits were most of the walk's output on ordinary text). `tables`, when given,
   * must be {@link compileWalkTables} of all of these (see {@link PhraseAutomaton.fromWalkTables}).
   */
  constructor(
    phrases: readonly string[],
    bounds: Uint8Array = new Uint8Array(phrases.length),
    wordUnit: Uint8Array = new Uint8Array(0),
    skeleton?: AutomatonSkeleton,
    onlyLaterGap?: Int32Array,
    tables: WalkTables = compileWalkTables(
      phrases,
      bounds,
      wordUnit,
      skeleton ?? buildAutomatonSkeleton(phrases),
      onlyLaterGap,
    ),
  ) {
    this.#wordUnit = wordUnit;
    this.#lengths = tables.lengths;
    const count = tables.fail.length - ROOT;
    // The walk's table holds the next state; 16-bit entries (up to 65,534 states) keep the
    // shallow states in cache. Rows are COLUMNS wide, so a row starts at `state << 6` (no
    // multiply in the walk's chain of dependent loads). An entry is computed the first time the
    // walk reads it (see #fill): a fresh table is zero pages the process never touches, where
    // filling every row took most of a one-shot scan's set-up (2.9M entries for 45k states,
    // against a few thousand that a 10 KB text reads).
    const small = count < 0xffff; // ids 1..count, all below the wide marker
    this.#step = small
      ? new Uint16Array((count + ROOT) * COLUMNS)
      : new Int32Array((count + ROOT) * COLUMNS);
    // the wide marker: a number past the last state, at or above outBase (so the walk's common
    // step never takes it)
    this.#wideMarker = small ? 0xffff : 0x7fffffff;
    this.#outBase = tables.outBase;
    this.#column = tables.column;
    this.#denseStart = tables.denseStart;
    this.#denseColumn = tables.denseColumn;
    this.#denseNext = tables.denseNext;
    this.#wideState = tables.wideState;
    this.#wideUnit = tables.wideUnit;
    this.#wideNext = tables.wideNext;
    this.#wideMask = tables.wideState.length - 1;
    this.#fail = tables.fail;
    this.#allStart = tables.allStart;
    this.#allIds = tables.allIds;
    this.#outStart = tables.outStart;
    this.#outIds = tables.outIds;
    this.#outBounds = tables.outBounds;
    this.#outLen = tables.outLen;
    this.#outGap = tables.outGap;
  }

  /**
   * An automaton from {@link compileWalkTables}' output (one the build stored: see
   * `phrase-tables.ts`), with the `wordUnit` table it was compiled with.
   */
  static fromWalkTables(tables: WalkTables, wordUnit: Uint8Array): PhraseAutomaton {
    return new PhraseAutomaton([], undefined, wordUnit, undefined, undefined, tables);
  }

  /**
   * Calls `onHit` for every phrase occurrence in `text`, in order of end position, bounds or not
   * (the plain Aho-Corasick answer; {@link occurrences} is the walk the scanner uses).
   */
  scan(text: string, onHit: (phrase: number, start: number, end: number) => void): void {
    const step = this.#step;
    const column = this.#column;
    const outStart = this.#allStart;
    const outIds = this.#allIds;
    const lengths = this.#lengths;
    let node = ROOT;
    for (let i = 0; i < text.length; i++) {
      const u = text.charCodeAt(i);
      const col = column[u]!;
      let v = step[(node << COLUMN_BITS) | col]!;
      if (v === 0) v = this.#fill(node, col);
      node = v === this.#wideMarker ? this.#wideStep(node, u) : v;
      // every state's own list (the walk numbering follows the pruned lists)
      for (let k = outStart[node]!; k < outStart[node + 1]!; k++) {
        const id = outIds[k]!;
        onHit(id, i + 1 - lengths[id]!, i + 1);
      }
    }
  }

  /**
   * Computes the walk-table entry of `node` at column `col` and stores it, with the entries of
   * the states on `node`'s failure chain it passes: a state's entry is its trie edge on that
   * column, else its failure state's entry (the root's: the root). Column {@link WIDE} holds the
   * wide marker in every row. Every (state, column) is computed at most once per automaton.
   */
  #fill(node: number, col: number): number {
    const step = this.#step;
    if (col === WIDE) {
      step[(node << COLUMN_BITS) | WIDE] = this.#wideMarker;
      return this.#wideMarker;
    }
    const fail = this.#fail;
    let s = node;
    let v = 0;
    for (;;) {
      v = step[(s << COLUMN_BITS) | col]!;
      if (v !== 0) break;
      for (let e = this.#denseStart[s]!; e < this.#denseStart[s + 1]!; e++)
        if (this.#denseColumn[e] === col) {
          v = this.#denseNext[e]!;
          break;
        }
      if (v !== 0) break;
      if (s === ROOT) {
        v = ROOT;
        break;
      }
      s = fail[s]!;
    }
    for (let t = node; ; t = fail[t]!) {
      step[(t << COLUMN_BITS) | col] = v;
      if (t === s) break;
    }
    return v;
  }

  /**
   * The state after a {@link WIDE} unit: failure links until a state has it as an edge. (A unit
   * no phrase holds has column 0 and never comes here: most non-ASCII text, accents, emoji,
   * other scripts, leads to the root in one table step.)
   */
  #wideStep(node: number, u: number): number {
    const slot = wideSlot(node, u, MEMO_MASK);
    if (this.#memoState[slot] === node && this.#memoUnit[slot] === u) return this.#memoNext[slot]!;
    const next = this.#wideStepUncached(node, u);
    this.#memoState[slot] = node;
    this.#memoUnit[slot] = u;
    this.#memoNext[slot] = next;
    return next;
  }

  /** {@link #wideStep} without the memo: trie edges through the hash table, failure links between. */
  #wideStepUncached(node: number, u: number): number {
    const fail = this.#fail;
    const states = this.#wideState;
    const units = this.#wideUnit;
    const mask = this.#wideMask;
    for (;;) {
      for (let h = wideSlot(node, u, mask); ; h = (h + 1) & mask) {
        const s = states[h]!;
        if (s === 0) break;
        if (s === node && units[h] === u) return this.#wideNext[h]!;
      }
      if (node === ROOT) return ROOT;
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
    return this.#hits.subarray(0, this.#walk(text));
  }

  /**
   * {@link occurrences} without the view: the number of Int32 entries written (two per
   * occurrence) to {@link hitBuffer}. Creating a typed-array view costs about as much as walking
   * a short text, and the scanner calls this once per layer.
   */
  occurrenceEntries(text: string): number {
    return this.#walk(text);
  }

  /** The buffer the last {@link occurrenceEntries} wrote to (replaced when it grows). */
  get hitBuffer(): Int32Array {
    return this.#hits;
  }

  /** Drops a hit buffer grown past 1 MiB by the last walk (call once its hits are read). */
  releaseHits(): void {
    if (this.#hits.length > HITS_KEEP) this.#hits = new Int32Array(256);
  }

  /** The walk behind {@link occurrences}: the pairs go to `#hits`, the number of entries written is returned. */
  #walk(text: string): number {
    const step = this.#step;
    const column = this.#column;
    const outStart = this.#outStart;
    const outIds = this.#outIds;
    const outLen = this.#outLen;
    const outBounds = this.#outBounds;
    const outGap = this.#outGap;
    const wordUnit = this.#wordUnit;
    const wordUnits = wordUnit.length;
    const outBase = this.#outBase;
    const wideMarker = this.#wideMarker;
    // end of the last hit reported (for the only-later gaps)
    let lastEnd = -1_000_000_000;
    this.releaseHits();
    let buf = this.#hits;
    let count = 0;
    let node = ROOT;
    const n = text.length;
    for (let i = 0; i < n; i++) {
      const u = text.charCodeAt(i);
      const col = column[u]!;
      let v = step[(node << COLUMN_BITS) | col]!;
      if (v < outBase) {
        if (v !== 0) {
          node = v;
          continue;
        }
        v = this.#fill(node, col);
        if (v < outBase) {
          node = v;
          continue;
        }
      }
      if (v !== wideMarker) node = v;
      else {
        node = this.#wideStep(node, u);
        if (outStart[node + 1] === outStart[node]) continue;
      }
      const end = i + 1;
      const last = outStart[node + 1]!;
      for (let k = outStart[node]!; k < last; k++) {
        const b = outBounds[k]!;
        if (b !== 0) {
          if ((b & NEEDS_START_BOUNDARY) !== 0) {
            const start = end - outLen[k]!;
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
        const g = outGap[k]!;
        if (g >= 0 && end - outLen[k]! - lastEnd > g) continue;
        lastEnd = end;
        const id = outIds[k]!;
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
    return count;
  }
}
