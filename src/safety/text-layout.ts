/**
 * @module safety/text-layout
 * Where things are in the original text: line starts, fenced code blocks, whether a position
 * sits inside quotes or inline code on its line. Built once per text in linear time; queries
 * are binary searches or bounded look-backs.
 */
import { lastAtOrBefore } from '../_internal/sorted-search.js';

/**
 * Most characters looked back on a line when deciding whether a position is quoted. A window
 * that starts inside an inline code span counts its backticks wrong: with 300, a role marker in
 * the code of a 587-character paragraph (`--assign-identity [system]`, the Azure CLI's argument,
 * the 19th backtick of its line but the 14th of the window) was read as plain text and blocked.
 */
export const QUOTE_LOOKBACK = 4096;

/** Line and fence structure of one text. */
export class TextLayout {
  readonly text: string;
  /** Start index of every line. */
  readonly lineStarts: Int32Array;
  /** Fenced code blocks as [start, end) pairs, flattened. */
  readonly #fences: number[];

  constructor(text: string) {
    this.text = text;
    const starts: number[] = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    this.lineStarts = Int32Array.from(starts);
    const fences: number[] = [];
    let open = -1;
    let marker = '';
    for (let l = 0; l < starts.length; l++) {
      const s = starts[l]!;
      let p = s;
      while (p < text.length && p - s < 4 && text.charCodeAt(p) === 32) p++;
      const c = text.charCodeAt(p);
      if ((c === 96 || c === 126) && text.charCodeAt(p + 1) === c && text.charCodeAt(p + 2) === c) {
        const m = c === 96 ? '```' : '~~~';
        if (open < 0) {
          open = s;
          marker = m;
        } else if (m === marker) {
          fences.push(open, l + 1 < starts.length ? starts[l + 1]! : text.length);
          open = -1;
        }
      }
    }
    if (open >= 0) fences.push(open, text.length);
    this.#fences = fences;
  }

  /** 0-based line of index `i`. */
  lineOf(i: number): number {
    return lastAtOrBefore(this.lineStarts, i);
  }

  /** [start, end) of line `l`, without its newline. */
  lineSpan(l: number): [number, number] {
    const s = this.lineStarts[l] ?? this.text.length;
    const next = this.lineStarts[l + 1];
    return [s, next === undefined ? this.text.length : next - 1];
  }

  /** True when `i` is inside a fenced code block. */
  inFence(i: number): boolean {
    const f = this.#fences;
    let lo = 0;
    let hi = f.length / 2 - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (i < f[2 * mid]!) hi = mid - 1;
      else if (i >= f[2 * mid + 1]!) lo = mid + 1;
      else return true;
    }
    return false;
  }

  /** True when `i` sits inside a quotation or inline code on its own line. */
  quoted(i: number): boolean {
    const [ls] = this.lineSpan(this.lineOf(i));
    const from = Math.max(ls, i - QUOTE_LOOKBACK);
    let dq = 0;
    let bt = 0;
    let open = 0;
    // German quotes open low („) and close with the mark English opens with (“)
    let low = 0;
    for (let k = from; k < i; k++) {
      const c = this.text.charCodeAt(k);
      if (c === 34) dq++;
      else if (c === 96) bt++;
      else if (c === 0x201e) low++;
      else if (c === 0x201c && low > 0) low--;
      else if (c === 0x201c || c === 0xab || c === 0x300c || c === 0x300e) open++;
      else if (c === 0x201d || c === 0xbb || c === 0x300d || c === 0x300f) open--;
    }
    if (dq % 2 === 1 || bt % 2 === 1 || open > 0 || low > 0) return true;
    let k = i - 1;
    while (k >= ls && this.text.charCodeAt(k) === 32) k--;
    const prev = this.text.charCodeAt(k);
    return (
      prev === 39 ||
      prev === 0x2018 ||
      prev === 34 ||
      prev === 0x201c ||
      prev === 96 ||
      prev === 0xab ||
      prev === 0x201e
    );
  }

  /** True when line `l` is a markdown table row. */
  isTableRow(l: number): boolean {
    const [s, e] = this.lineSpan(l);
    let p = s;
    while (p < e && this.text.charCodeAt(p) === 32) p++;
    return this.text.charCodeAt(p) === 124;
  }
}
