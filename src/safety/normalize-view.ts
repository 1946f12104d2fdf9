/**
 * @module safety/normalize-view
 * The scanner's normalised view of a text: the same result as {@link normalize}, computed the
 * cheap way when it can be. Mostly-ASCII text is folded in ASCII slices by the native
 * `toLowerCase`, the way back to the original is kept as a few pieces instead of one index per
 * unit, and the de-leeting / confusable mapping visits only the words that contain a digit,
 * `@`, `$` or a Cyrillic / Greek letter (no other word can change). Runs of spaced-out letters are
 * joined where they are (only their units are copied and re-mapped). Text with many non-ASCII
 * characters that the folding changes, or mostly spaced-out letters, takes the exact per-unit
 * path of {@link normalize}.
 */
import { lastAtOrBefore } from '../_internal/sorted-search.js';
import {
  blankSpans,
  blankUnits,
  denseSpans,
  joinSoftBreaks,
  NO_SPANS,
  softBreakSpans,
} from './clause-join.js';
import {
  foldCodePoint,
  joinedSeparator,
  LEET_UNITS,
  MIN_SPACED_LETTERS,
  mapWords,
  NORM_FLAG,
  normalize,
  spacedRunIn,
} from './normalize.js';
import {
  CONFUSABLE_UNITS,
  invisibleKind,
  isCyrillicOrGreek,
  isDroppedControl,
  isDroppedFiller,
  isWordUnit,
} from './unicode-classes.js';

/** A normalised text and the way back to the original. */
export interface NormalizedView {
  /** The normalised text (equal to `normalize(original).text`). */
  readonly text: string;
  /**
   * {@link text} with its mid-clause line breaks turned into spaces (equal to
   * `joinSoftBreaks(text)`, same length, so flags and the map apply to it): what the phrase rules
   * match. Built in the same pass as the word edits where there are both, so a large text is not
   * copied once more (a string over 128 KB costs about 4 ns per byte to allocate here, 40 times
   * a small one: each takes fresh pages).
   */
  readonly joined: string;
  /** Per normalised unit the {@link NORM_FLAG} bits, or undefined when all are zero. */
  readonly flags: Uint8Array | undefined;
  /** The original UTF-16 index of normalised unit `k` (`text.length` gives the original length). */
  toOriginal(k: number): number;
  /** False when the original text has no invisible character (see `invisibleKind`) for sure. */
  readonly mayHaveInvisible: boolean;
  /**
   * False when the original text has no control character or filler the normalisation drops
   * (`isDroppedControl`, `isDroppedFiller`: the units that split words invisibly) for sure.
   */
  readonly mayHaveDropped: boolean;
}

/**
 * Non-ASCII units that the folding changes, drops or splits allowed (as a share of the text)
 * before the per-unit path is cheaper. Units it keeps as they are (CJK, kana, Hangul) are
 * copied as whole slices and do not count: a 1 MB Chinese text took the per-unit path for them.
 */
const MAX_NON_ASCII_SHARE = 1 / 8;

/**
 * Non-ASCII units after which a prefix denser than {@link MAX_NON_ASCII_SHARE} gives up on the
 * sliced path (the whole text will most likely exceed the share; either path gives the same
 * result). With "one in four" here, text at exactly that density (`%41і` repeated) walked half of
 * a 1 MB text on the sliced path before giving up.
 */
const DENSE_PROBE = 4096;

/**
 * Units per run of changed non-ASCII units (one at least not kept as it is) below which, on
 * average past {@link DENSE_PROBE} such runs, the per-unit path is taken: each run costs a piece
 * and a slice of its own to copy and join, about twice the per-unit path's time on text with an
 * invisible character every 26 units (`<img \`\`\`\n<img \u{E0041}ignore ` repeated, 33 against 16
 * ms per MB); either path gives the same result.
 */
const RUN_SPAN = 48;

const NON_ASCII = /[^\t\n\f\r\x20-\x7e]+/g;
/** Separator, unit, separator, unit, separator: present in every spaced-out run of four letters. */
const MAYBE_SPACED = /[ ._*\t-][^ ._*\t-][ ._*\t-][^ ._*\t-][ ._*\t-]/g;
/** Units that can make a word change under de-leeting or confusable mapping. */
const WORD_CHANGER = /[0-9@$\u0370-\u052f]/g;

class ArrayView implements NormalizedView {
  readonly text: string;
  readonly joined: string;
  readonly flags: Uint8Array | undefined;
  readonly mayHaveInvisible = true;
  readonly mayHaveDropped = true;
  readonly #map: Int32Array;
  constructor(text: string, map: Int32Array, flags: Uint8Array) {
    this.text = text;
    this.joined = joinSoftBreaks(text);
    this.#map = map;
    this.flags = flags;
  }
  toOriginal(k: number): number {
    return this.#map[k]!;
  }
}

/**
 * Pieces of the map: normalised units from `norm[p]` on map to `orig[p] + (k - norm[p])` when
 * `step[p]` is 1 (a slice copied unit for unit), or all to `orig[p]` when it is 0 (one character
 * folded to several units).
 */
class PieceView implements NormalizedView {
  readonly joined: string;
  readonly flags: Uint8Array | undefined;
  readonly mayHaveInvisible: boolean;
  readonly mayHaveDropped: boolean;
  // plain arrays: most texts have a handful of pieces, and converting them to typed arrays cost
  // more than the look-ups save
  readonly #norm: readonly number[];
  readonly #orig: readonly number[];
  readonly #step: readonly number[];
  /** The text, or undefined until read when only {@link joined} was built. */
  #text: string | undefined;
  /** Builds the text the first time it is read (when {@link #text} is undefined). */
  readonly #build: (() => string) | undefined;
  constructor(
    text: string | (() => string),
    joined: string,
    flags: Uint8Array | undefined,
    pieces: { norm: number[]; orig: number[]; step: number[] },
    seen: { sawInvisible: boolean; sawDropped: boolean },
  ) {
    if (typeof text === 'string') this.#text = text;
    else this.#build = text;
    this.joined = joined;
    this.flags = flags;
    this.mayHaveInvisible = seen.sawInvisible;
    this.mayHaveDropped = seen.sawDropped;
    this.#norm = pieces.norm;
    this.#orig = pieces.orig;
    this.#step = pieces.step;
  }
  get text(): string {
    this.#text ??= this.#build!();
    return this.#text;
  }
  toOriginal(k: number): number {
    const norm = this.#norm;
    const lo = lastAtOrBefore(norm, k);
    return this.#step[lo] === 1 ? this.#orig[lo]! + (k - norm[lo]!) : this.#orig[lo]!;
  }
}

/** The exact per-unit path. */
function slowView(input: string): NormalizedView {
  const n = normalize(input);
  return new ArrayView(n.text, n.map, n.flags);
}

/** Per BMP unit: 0 not classified yet, 1 kept as it is by the folding (see {@link keptAsIs}), 2 not. */
const KEPT = new Uint8Array(0x10000);

/**
 * True when the folding keeps non-ASCII unit `u` as it is and no word holding it can change: not
 * a surrogate, not dropped, not invisible, its own fold, not Cyrillic or Greek (whose words the
 * confusable mapping visits one by one: text dense in them stays on the per-unit path). Cached.
 */
function keptAsIs(u: number): boolean {
  let k = KEPT[u]!;
  if (k === 0) {
    const same =
      !(u >= 0xd800 && u <= 0xdfff) &&
      !isChanger(u) &&
      !(u < 0xa0 ? isDroppedControl(u) : isDroppedFiller(u)) &&
      invisibleKind(u) === undefined &&
      foldCodePoint(u) === String.fromCharCode(u);
    k = same ? 1 : 2;
    KEPT[u] = k;
  }
  return k === 1;
}

/** Pieces of the folded text, as {@link PieceView} reads them. */
interface Pieces {
  norm: number[];
  orig: number[];
  step: number[];
}

/** A text folded in slices ({@link foldedPieces}): its parts, joined only when read ({@link foldedText}). */
interface Folded {
  /** The folded text in parts; those at the indices in {@link lower} are not lower-cased yet. */
  readonly parts: string[];
  readonly lower: readonly number[];
  /** The joined parts, once {@link foldedText} has built them. */
  text: string | undefined;
  readonly len: number;
  readonly pieces: Pieces;
  readonly sawInvisible: boolean;
  readonly sawDropped: boolean;
  /**
   * True when the folding changed no unit but ASCII letters' case: every non-ASCII unit was kept
   * as it is, so the folded text is the input in lower case, unit for unit.
   */
  readonly identity: boolean;
}

/**
 * Case folding and compatibility folding, ASCII runs as whole slices and non-ASCII runs unit by
 * unit; `undefined` when the text is dense non-ASCII (the per-unit path is cheaper then).
 */
function foldedPieces(input: string): Folded | undefined {
  const n = input.length;
  const norm: number[] = [];
  const orig: number[] = [];
  const step: number[] = [];
  const parts: string[] = [];
  // the parts that are ASCII runs, lower-cased only when the text is joined (see foldedText)
  const lower: number[] = [];
  let len = 0; // normalised units so far
  const piece = (o: number, s: number) => {
    const last = norm.length - 1;
    // extend the previous piece when this one continues it unit for unit
    if (s === 1 && last >= 0 && step[last] === 1 && orig[last]! + (len - norm[last]!) === o) return;
    norm.push(len);
    orig.push(o);
    step.push(s);
  };
  let from = 0;
  let nonAscii = 0;
  let changedRuns = 0;
  let sawInvisible = false; // every non-ASCII unit is classified below
  let sawDropped = false;
  const budget = n * MAX_NON_ASCII_SHARE;
  NON_ASCII.lastIndex = 0;
  for (;;) {
    const m = NON_ASCII.exec(input);
    const runStart = m === null ? n : m.index;
    if (runStart > from) {
      piece(from, 1);
      lower.push(parts.length);
      parts.push(input.slice(from, runStart));
      len += runStart - from;
    }
    if (m === null) break;
    const runEnd = runStart + m[0].length;
    const changedBefore = nonAscii;
    for (let i = runStart; i < runEnd; i++) {
      const u = input.charCodeAt(i);
      if (keptAsIs(u)) {
        // units that fold to themselves (CJK, most symbols): one slice
        let j = i + 1;
        while (j < runEnd && keptAsIs(input.charCodeAt(j))) j++;
        piece(i, 1);
        parts.push(input.slice(i, j));
        len += j - i;
        i = j - 1;
        continue;
      }
      // dense changed non-ASCII from the start: the per-unit path will be taken anyway, give up early
      nonAscii++;
      if (nonAscii > budget || (nonAscii > DENSE_PROBE && nonAscii > i * MAX_NON_ASCII_SHARE))
        return undefined;
      let cp = u;
      let width = 1;
      if (u >= 0xd800 && u <= 0xdbff && i + 1 < runEnd) {
        const lo = input.charCodeAt(i + 1);
        if (lo >= 0xdc00 && lo <= 0xdfff) {
          cp = (u - 0xd800) * 0x400 + (lo - 0xdc00) + 0x10000;
          width = 2;
        }
      }
      if (cp < 0xa0 ? isDroppedControl(cp) : cp >= 0x115f && isDroppedFiller(cp)) {
        sawDropped = true; // dropped, as by normalize(); hidden-chars reports it
      } else if (invisibleKind(cp) !== undefined) sawInvisible = true;
      else {
        // a lone surrogate becomes U+FFFD, as the per-unit path's UTF-16 decoding makes it
        const f =
          width === 2 && cp >= 0x1f000
            ? input.slice(i, i + 2)
            : cp >= 0xd800 && cp <= 0xdfff
              ? '\ufffd'
              : foldCodePoint(cp);
        if (f.length > 0) {
          piece(i, f.length === 1 ? 1 : 0);
          parts.push(f);
          len += f.length;
        }
      }
      i += width - 1;
    }
    if (nonAscii > changedBefore && ++changedRuns > DENSE_PROBE && changedRuns * RUN_SPAN > runEnd)
      return undefined;
    from = runEnd;
  }
  // sentinel piece: normalised length maps to the original length
  norm.push(len);
  orig.push(n);
  step.push(0);
  return {
    parts,
    lower,
    text: undefined,
    len,
    pieces: { norm, orig, step },
    sawInvisible,
    sawDropped,
    identity: nonAscii === 0,
  };
}

/** The folded text of `f`, joined from its parts the first time it is read. */
function foldedText(f: Folded): string {
  if (f.text === undefined) {
    const parts = f.parts;
    for (const k of f.lower) parts[k] = parts[k]!.toLowerCase();
    f.text = parts.length === 1 ? parts[0]! : parts.join('');
  }
  return f.text;
}

/** The words that de-leeting or confusable mapping change, as `[start, end, change]` triples; `many` past {@link FEW_EDITS}. */
function wordEdits(text: string, len: number): { edits: number[]; many: boolean } {
  // de-leeting and confusables: only words holding a unit that can change them
  const edits: number[] = []; // [start, end, change] per word that changes
  let done = 0;
  let many = false;
  let visited = 0; // words looked at, changed or not
  let lastHit = -NEAR;
  while (!many) {
    const hit = nextChanger(text, done, done - lastHit < NEAR);
    lastHit = hit;
    if (hit < 0) break;
    // back to just after a unit that always ends a word (or to the end of the last word handled):
    // splitting words from there gives the same words as a split from the start of the text
    let p = hit;
    while (p > done && isWordish(text.charCodeAt(p - 1))) p--;
    while (p <= hit) {
      const w = wordAt(text, len, p);
      visited++;
      if (w.change !== 0) {
        // one push per value: a multi-argument push is not inlined and showed in the profile
        edits.push(p);
        edits.push(w.end);
        edits.push(w.change);
      }
      p = w.end;
    }
    done = p;
    many =
      (edits.length > 3 * FEW_EDITS && (edits.length / 3) * EDIT_SPAN > done) ||
      (visited > MANY_VISITS && visited * VISIT_SPAN > done);
  }
  return { edits, many };
}

/**
 * Applies the word edits (or, when there are many, maps every word in one pass) and blanks the
 * soft-break `spans` (see `clause-join.ts`), in one copy of the text. The spans found before the
 * edits are the spans after them: an edit maps a word unit to a word unit, and `@` / `$` only
 * inside a word (never at a line's end or a line's first word), so every unit the soft-break
 * rule reads keeps its class. Marks the edited units in the flags (created when needed).
 */
function applyEdits(
  text: string,
  len: number,
  flagsIn: Uint8Array | undefined,
  edits: readonly number[],
  many: boolean,
  spans: readonly number[],
): { text: string; flags: Uint8Array | undefined } {
  let flags = flagsIn;
  if (!many && edits.length === 0) {
    return { text: spans.length === 0 ? text : blankSpans(text, spans), flags };
  }
  flags ??= new Uint8Array(len + 1);
  if (many || denseSpans(spans, len)) {
    // many words change, or joins every few characters: one pass over a copy of the whole text
    // (for many words, the per-unit path's own pass maps every word), cheaper than slices
    const units = new Uint16Array(len);
    for (let k = 0; k < len; k++) units[k] = text.charCodeAt(k);
    if (many) mapWords(units, flags, len);
    else
      for (let e = 0; e < edits.length; e += 3)
        mapUnits(units, 0, flags, edits[e]!, edits[e + 1]!, edits[e + 2]!);
    blankUnits(units, spans);
    return { text: UTF16.decode(units), flags };
  }
  return { text: editedSlices(text, flags, edits, spans, false), flags };
}

/**
 * `text` with the word `edits` applied (marking `flags`, which must exist when there are edits)
 * and the `spans` blanked, from slices between them: both in text order and disjoint (a word holds
 * no line break or blank). With `lower`, every slice and mapped word is lower-cased too (the
 * mapping tables give only lower-case units, so mapping and lower-casing commute).
 */
function editedSlices(
  text: string,
  flags: Uint8Array | undefined,
  edits: readonly number[],
  spans: readonly number[],
  lower: boolean,
): string {
  const out: string[] = [];
  let at = 0;
  let e = 0;
  let j = 0;
  while (e < edits.length || j < spans.length) {
    if (j >= spans.length || (e < edits.length && edits[e]! < spans[j]!)) {
      const p = edits[e]!;
      const q = edits[e + 1]!;
      const word = mapWord(text, flags!, p, q, edits[e + 2]!);
      const before = text.slice(at, p);
      out.push(lower ? before.toLowerCase() : before, lower ? word.toLowerCase() : word);
      at = q;
      e += 3;
    } else {
      const p = spans[j]!;
      const q = spans[j + 1]!;
      const before = text.slice(at, p);
      out.push(lower ? before.toLowerCase() : before, ' '.repeat(q - p));
      at = q;
      j += 2;
    }
  }
  const rest = text.slice(at);
  out.push(lower ? rest.toLowerCase() : rest);
  return out.join('');
}

/**
 * Longest text {@link asciiClass} classifies: on a longer one the JS pass costs more than the
 * native searches it saves (measured on the benign corpus), and it is left to the general path.
 */
const ASCII_CLASS_LENGTH = 256;

/** {@link asciiClass} bits: a unit that can change a word; a spaced-out window. */
const HAS_CHANGER = 1;
const HAS_SPACED = 2;

/**
 * For printable ASCII text (and tab, line break, form feed, carriage return), whether it holds
 * a unit that can change a word (a digit, or `@` / `$` between two word units: what
 * {@link WORD_CHANGER} looks for, less the `@` and `$` that no word holds) and the separator /
 * unit / separator / unit / separator window that every spaced-out run holds (what
 * {@link MAYBE_SPACED} looks for), as bits; -1 for any other text (or an empty or a long one).
 * One pass that stops at the first unit outside that range.
 */
function asciiClass(input: string): number {
  const n = input.length;
  if (n === 0 || n > ASCII_CLASS_LENGTH) return -1;
  let bits = 0;
  let seps = 0; // separator bits of the last five units, the latest in bit 0
  for (let i = 0; i < n; i++) {
    const c = input.charCodeAt(i);
    if (c < 0x20 ? c !== 9 && c !== 10 && c !== 12 && c !== 13 : c > 0x7e) return -1;
    // a digit; `@` or `$` only between two word units (where `wordAt` reads it as part of the
    // word: `@AGENTS.md`, `$HOME` and `a @ b` change no word, and de-spacing never joins onto
    // them, as it removes only separators between two letters)
    if (c >= 48 && c <= 57) bits |= HAS_CHANGER;
    else if (
      (c === 0x40 || c === 0x24) &&
      i > 0 &&
      i + 1 < n &&
      isWordUnit(input.charCodeAt(i - 1)) &&
      isWordUnit(input.charCodeAt(i + 1))
    )
      bits |= HAS_CHANGER;
    const sep = c === 32 || c === 46 || c === 45 || c === 95 || c === 42 || c === 9 ? 1 : 0;
    seps = ((seps << 1) | sep) & 31;
    if (seps === 0b10101) bits |= HAS_SPACED;
  }
  return bits;
}

/**
 * What {@link foldedPieces} returns for printable ASCII text: its lower case as one slice (the
 * native search for non-ASCII runs and the piece bookkeeping cost more than a short text).
 */
function asciiFolded(input: string): Folded {
  const n = input.length;
  const text = input.toLowerCase();
  return {
    parts: [text],
    lower: [],
    text,
    len: n,
    pieces: { norm: [0, n], orig: [0, n], step: [1, 0] },
    sawInvisible: false,
    sawDropped: false,
    identity: false, // short: the general path below copies little
  };
}

const NO_CHAINS: readonly number[] = [];

/** Normalises `input` for the phrase rules (same text, flags and map as {@link normalize}). */
export function normalizeView(input: string): NormalizedView {
  const ascii = asciiClass(input);
  // printable ASCII skips the searches its units rule out (they would find nothing)
  const folded = ascii >= 0 ? asciiFolded(input) : foldedPieces(input);
  if (folded === undefined) return slowView(input);
  if (folded.identity) {
    // the folded text is the input in lower case: the searches read no letter's case, so they
    // run on the input, and the phrase text is built once from it
    const chains = findSpacedChains(input, folded.len);
    if (chains === undefined) return slowView(input);
    if (chains.length === 0) return identityView(input, folded);
    return foldedView(input, folded, ascii, chains);
  }
  return foldedView(input, folded, ascii, undefined);
}

/**
 * {@link normalizeView} for a text whose folding changed only ASCII case and that has no spaced-out
 * run ({@link Folded.identity}): word edits and soft breaks are found on the input (the same as on
 * the folded text: {@link wordAt} counts Latin letters of either case, and the mapping tables hold
 * no ASCII letter and give only lower-case units), and the joined text is made in one copy from
 * lower-cased slices of the input, where the general path folds the whole text and then copies it
 * again (each a large object for a long text). The folded text is joined only when read. Where
 * the changes are many or the joins dense, the one pass over a copy of the units is cheaper: it
 * runs on the folded text, with the edits and joins found here (they are its own).
 */
function identityView(input: string, folded: Folded): NormalizedView {
  const len = folded.len;
  const { edits, many } = wordEdits(input, len);
  const spans = softBreakSpans(input);
  // (with `many`, the search stopped early: words past it may still change)
  if (!many && edits.length === 0 && spans.length === 0) {
    const text = foldedText(folded);
    return new PieceView(text, text, undefined, folded.pieces, folded);
  }
  if (many || denseSpans(spans, len))
    return editedView(foldedText(folded), len, undefined, edits, many, spans, folded);
  const flags = edits.length === 0 ? undefined : new Uint8Array(len + 1);
  const joined = editedSlices(input, flags, edits, spans, true);
  // the text without the joins: the joined text itself, the folded text, or the input edited
  // again (the edits mark the same flags again)
  const text =
    spans.length === 0
      ? joined
      : edits.length === 0
        ? () => foldedText(folded)
        : () => editedSlices(input, flags, edits, NO_SPANS, true);
  return new PieceView(text, joined, flags, folded.pieces, folded);
}

/** {@link normalizeView} from the folded text (`chains`: its spaced-out runs, when already found). */
function foldedView(
  input: string,
  folded: Folded,
  ascii: number,
  knownChains: readonly number[] | undefined,
): NormalizedView {
  let text = foldedText(folded);
  let { len, pieces } = folded;
  // de-spacing, only where a run of spaced-out letters is (the rest of the text keeps its slices)
  let flags: Uint8Array | undefined;
  const chains =
    knownChains ??
    (ascii >= 0 && (ascii & HAS_SPACED) === 0 ? NO_CHAINS : findSpacedChains(text, len));
  if (chains === undefined) return slowView(input);
  if (chains.length > 0) {
    const joined = despaceChains(text, len, chains, pieces);
    text = joined.text;
    len = text.length;
    flags = joined.flags;
    pieces = joined.pieces;
  }
  // de-spacing only removes separators: no changer in the input, none in the text
  if (ascii >= 0 && (ascii & HAS_CHANGER) === 0) {
    return new PieceView(text, joinSoftBreaks(text), flags, pieces, folded);
  }
  const { edits, many } = wordEdits(text, len);
  return editedView(text, len, flags, edits, many, softBreakSpans(text), folded, pieces);
}

/**
 * The view of `text` (folded, de-spaced; `flags` its de-spacing marks) with its word `edits`
 * applied and its soft-break `spans` joined; `pieces` map it back (the folding's by default).
 */
function editedView(
  text: string,
  len: number,
  flags: Uint8Array | undefined,
  edits: readonly number[],
  many: boolean,
  spans: readonly number[],
  folded: Folded,
  pieces: Pieces = folded.pieces,
): NormalizedView {
  const edited = applyEdits(text, len, flags, edits, many, spans);
  if (spans.length === 0 || (!many && edits.length === 0)) {
    // one of the two is the other, or the text is the folded text itself
    const plain = spans.length === 0 ? edited.text : text;
    return new PieceView(plain, edited.text, edited.flags, pieces, folded);
  }
  // the text without the joins is built only when read (the scanner reads the joined text); the
  // edits mark the same flags again
  const build = () => applyEdits(text, len, edited.flags, edits, many, NO_SPANS).text;
  return new PieceView(build, edited.text, edited.flags, pieces, folded);
}

/** Joined letters allowed (as a share of the text) before the per-unit path is cheaper. */
const MAX_DESPACED_SHARE = 1 / 16;

function isolatedAt(text: string, len: number, p: number): boolean {
  return (
    p >= 0 &&
    p < len &&
    isWordUnit(text.charCodeAt(p)) &&
    (p === 0 || !isWordUnit(text.charCodeAt(p - 1))) &&
    (p + 1 >= len || !isWordUnit(text.charCodeAt(p + 1)))
  );
}

function isSeparatorAt(text: string, len: number, p: number): boolean {
  if (p < 0 || p >= len) return false;
  const u = text.charCodeAt(p);
  return u === 0x20 || u === 0x2e || u === 0x2d || u === 0x5f || u === 0x2a || u === 0x09;
}

/**
 * The runs `normalize()`'s de-spacing joins, as [first letter, last letter] pairs in order: the
 * maximal chains of isolated letters with one separator between them, of at least
 * {@link MIN_SPACED_LETTERS} letters (the per-unit pass joins exactly these, whatever comes
 * before them). Undefined when so many letters would be joined that the per-unit path is cheaper.
 */
function findSpacedChains(text: string, len: number): number[] | undefined {
  const chains: number[] = [];
  let letters = 0;
  // every chain of four letters x S x S x S x holds "S x S x S" right after its first letter
  MAYBE_SPACED.lastIndex = 0;
  for (;;) {
    const m = MAYBE_SPACED.exec(text);
    if (m === null) break;
    const x = m.index;
    let next = x + 1;
    if (
      spacedRunIn(text, Math.max(0, x - 2), Math.min(len, x + 7)) &&
      isolatedAt(text, len, x + 1)
    ) {
      let a = x + 1;
      while (isSeparatorAt(text, len, a - 1) && isolatedAt(text, len, a - 2)) a -= 2;
      let b = x + 1;
      while (isSeparatorAt(text, len, b + 1) && isolatedAt(text, len, b + 2)) {
        b += 2;
        // the chain, only longer at its end, will take the letters past the share: give up now
        // (a 1 MB text of spaced-out letters was walked to its end first)
        const sofar = (b - a) / 2 + 1;
        if (sofar >= MIN_SPACED_LETTERS && letters + sofar > len * MAX_DESPACED_SHARE + 64)
          return undefined;
      }
      if ((b - a) / 2 + 1 >= MIN_SPACED_LETTERS) {
        chains.push(a, b);
        letters += (b - a) / 2 + 1;
        if (letters > len * MAX_DESPACED_SHARE + 64) return undefined;
      }
      next = b + 1; // chains are disjoint: the next one starts after this one
    }
    MAYBE_SPACED.lastIndex = next;
  }
  return chains;
}

/**
 * Removes the separators inside each chain, marks the joined letters {@link NORM_FLAG}.despaced,
 * and rebuilds the pieces of the map for the shorter text (as the per-unit pass does).
 */
function despaceChains(
  text: string,
  len: number,
  chains: readonly number[],
  old: { norm: number[]; orig: number[]; step: number[] },
): { text: string; flags: Uint8Array; pieces: { norm: number[]; orig: number[]; step: number[] } } {
  const kept: number[] = []; // [from, to) ranges of the folded text that stay
  const unitAt = (k: number) => text.charCodeAt(k);
  // per chain, the separator it is joined over (the others stay: word breaks)
  const joinedOver: number[] = [];
  let at = 0;
  for (let c = 0; c < chains.length; c += 2) {
    const a = chains[c]!;
    const b = chains[c + 1]!;
    const joined = joinedSeparator(unitAt, a, b);
    joinedOver.push(joined);
    for (let p = a; p < b; p += 2) {
      if (text.charCodeAt(p + 1) !== joined) continue;
      kept.push(at, p + 1);
      at = p + 2;
    }
  }
  kept.push(at, len);
  const norm: number[] = [];
  const orig: number[] = [];
  const step: number[] = [];
  const parts: string[] = [];
  let out = 0;
  let q = 0; // old piece index
  const last = old.norm.length - 1; // the sentinel
  for (let r = 0; r < kept.length; r += 2) {
    const from = kept[r]!;
    const to = kept[r + 1]!;
    if (to <= from) continue;
    parts.push(text.slice(from, to));
    while (q + 1 < last && old.norm[q + 1]! <= from) q++;
    for (let p = q; p < last && old.norm[p]! < to; p++) {
      const lo = Math.max(from, old.norm[p]!);
      const s = old.step[p]!;
      const o = s === 1 ? old.orig[p]! + (lo - old.norm[p]!) : old.orig[p]!;
      const n = out + (lo - from);
      const k = norm.length - 1;
      if (!(s === 1 && k >= 0 && step[k] === 1 && orig[k]! + (n - norm[k]!) === o)) {
        norm.push(n);
        orig.push(o);
        step.push(s);
      }
    }
    out += to - from;
  }
  norm.push(out);
  orig.push(old.orig[last]!);
  step.push(0);
  const flags = new Uint8Array(out + 1);
  // each joined letter moves back by the separators removed before it
  let removed = 0;
  for (let c = 0; c < chains.length; c += 2) {
    const a = chains[c]!;
    const b = chains[c + 1]!;
    const joined = joinedOver[c >> 1]!;
    for (let k = a; k <= b; k += 2) {
      flags[k - removed] = NORM_FLAG.despaced;
      if (k < b && text.charCodeAt(k + 1) === joined) removed++;
    }
  }
  return { text: parts.join(''), flags, pieces: { norm, orig, step } };
}

/** A word found by {@link wordAt}: where it ends and which mappings apply (NORM_FLAG bits). */
interface WordSpan {
  end: number;
  change: number;
}
const span: WordSpan = { end: 0, change: 0 };

/**
 * The word that starts at `p` (or the single unit that is not one), split exactly as
 * `mapWords` in normalize.ts splits: letters and digits, plus `@` / `$` inside a word.
 */
function wordAt(text: string, len: number, p: number): WordSpan {
  span.change = 0;
  if (!isWordUnit(text.charCodeAt(p))) {
    span.end = p + 1;
    return span;
  }
  let q = p;
  let latin = 0;
  let cyrGreek = 0;
  let leet = 0;
  while (q < len) {
    const u = text.charCodeAt(q);
    // either case: the word may be read on the input (see identityView); folded text has no upper case
    if ((u >= 97 && u <= 122) || (u >= 65 && u <= 90)) latin++;
    else if (u >= 48 && u <= 57) {
      if (u !== 50 && u !== 54 && u !== 56 && u !== 57) leet++;
    } else if (u === 0x40 || u === 0x24) {
      if (!(q > p && q + 1 < len && isWordUnit(text.charCodeAt(q + 1)))) break;
      leet++;
    } else if (!isWordUnit(u)) break;
    else if (isCyrillicOrGreek(u)) cyrGreek++;
    q++;
  }
  span.end = q;
  if (latin > 0 && cyrGreek > 0) span.change |= NORM_FLAG.homoglyph;
  if (leet > 0 && latin >= 3 && cyrGreek === 0) span.change |= NORM_FLAG.leet;
  return span;
}

/**
 * Words changed one by one (as string pieces); past this many, when they are dense (one every
 * {@link EDIT_SPAN} units or closer on average), one pass maps the whole text instead.
 */
const FEW_EDITS = 32;
/**
 * The whole-text pass copies every unit into an array, maps every word and decodes the array
 * back: several times the cost per unit of a slice, and a text of 64k two-byte units or more is
 * a large object, whose fresh pages cost more still (about 0.5 ms for 70k units here). A changed
 * word taken as a piece costs about as much as that pass over a few hundred units, so sparse
 * changes (a 69 KB batch-file guide: 33 words, one per 2,000 units) stay pieces.
 */
const EDIT_SPAN = 256;

/**
 * Words looked at one by one (changed or not) past which, when they are dense (one every
 * {@link VISIT_SPAN} units or closer on average), one pass maps the whole text instead: in
 * `%69%67%6e...` every two-unit word holds a digit and none changes, and looking at each one
 * cost about twice the pass (the two give the same text and flags).
 */
const MANY_VISITS = 4096;
const VISIT_SPAN = 16;

/** The word `text[p, q)` mapped (confusables or leetspeak), marking `flags`. */
function mapWord(text: string, flags: Uint8Array, p: number, q: number, change: number): string {
  const w = new Uint16Array(q - p);
  for (let k = p; k < q; k++) w[k - p] = text.charCodeAt(k);
  mapUnits(w, p, flags, p, q, change);
  return UTF16.decode(w);
}

/**
 * Maps the word at text positions `[p, q)` in place in `units`, which hold the text from position
 * `offset` on (the whole text: 0; one word: its start), and marks `flags` (text positions).
 */
function mapUnits(
  units: Uint16Array,
  offset: number,
  flags: Uint8Array,
  p: number,
  q: number,
  change: number,
): void {
  const homoglyph = (change & NORM_FLAG.homoglyph) !== 0;
  const table = homoglyph ? CONFUSABLE_UNITS : LEET_UNITS;
  const bit = homoglyph ? NORM_FLAG.homoglyph : NORM_FLAG.leet;
  for (let k = p; k < q; k++) {
    const u = units[k - offset]!;
    const to = u < table.length ? table[u]! : 0;
    if (to !== 0) {
      units[k - offset] = to;
      flags[k]! |= bit;
    }
  }
}

const UTF16 = new TextDecoder('utf-16le');

/** Units looked at one by one, after a hit close to the previous one, before the native search. */
const NEAR = 16;

function isChanger(u: number): boolean {
  return (u >= 48 && u <= 57) || u === 0x40 || u === 0x24 || (u >= 0x0370 && u <= 0x052f);
}

/**
 * Index of the next unit at or after `from` that can change a word, or -1. Where such units
 * are dense (`near`: the last one was close) the next few units are looked at one by one first,
 * which saves a native search (and its match object) per unit; elsewhere the native search alone
 * is faster (measured on the benign corpus).
 */
function nextChanger(text: string, from: number, near: boolean): number {
  if (near) {
    const stop = Math.min(text.length, from + NEAR);
    for (let k = from; k < stop; k++) if (isChanger(text.charCodeAt(k))) return k;
    if (stop >= text.length) return -1;
    from = stop;
  }
  WORD_CHANGER.lastIndex = from;
  const m = WORD_CHANGER.exec(text);
  return m === null ? -1 : m.index;
}

function isWordish(u: number): boolean {
  return (
    (u >= 97 && u <= 122) ||
    (u >= 48 && u <= 57) ||
    (u >= 65 && u <= 90) ||
    u === 0x40 ||
    u === 0x24 ||
    u >= 128
  );
}
