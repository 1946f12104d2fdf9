/**
 * @module sources/truncate
 * Visible truncation: keep the head and the tail, cut on a UTF-8 character boundary (at a line
 * end when one is near), and put a marker in the gap that says how much was cut and where the
 * full file is. Pure.
 */
import { escapeExcerpt } from '../safety/index.js';
import type { TokenCounter } from '../tokens/index.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** UTF-8 byte length of a string. */
export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/** Limits for one text. */
export interface TruncateLimits {
  readonly maxBytes: number;
  readonly maxTokens: number;
}

/** How to describe the cut in the marker. */
export interface TruncateLabel {
  /** Where the full file is (path relative to the project root or `~/...`). */
  readonly path: string;
  /** Why, e.g. `per-file cap` or `instruction budget`. */
  readonly why: string;
  /** 1-based file line of the text's first line; omit when line numbers would not match the file. */
  readonly firstLine?: number;
}

/** The result of fitting a text into limits. */
export interface TruncateResult {
  /** `kept` (unchanged), `truncated` (head + marker + tail) or `skipped` (not even a marker fits). */
  readonly outcome: 'kept' | 'truncated' | 'skipped';
  readonly content: string;
  /** Bytes of the original text kept (the marker not counted). */
  readonly bytesKept: number;
  /** Bytes of the original text cut. */
  readonly bytesCut: number;
  /** Tokens of `content`. */
  readonly tokens: number;
}

/** Share of the kept bytes that goes to the head. */
const HEAD_SHARE = 0.7;
/** Fewest original bytes worth keeping around a marker. */
const MIN_KEPT = 32;

function lineOf(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
  return line;
}

/** Largest cut point <= `at` on a character boundary, preferring just after a newline nearby. */
function headCut(b: Uint8Array, at: number): number {
  let i = Math.max(0, Math.min(at, b.length));
  const floor = Math.floor(i * 0.8);
  for (let j = i; j > floor; j--) if (b[j - 1] === 0x0a) return j;
  while (i > 0 && i < b.length && (b[i]! & 0xc0) === 0x80) i--;
  return i;
}

/** Smallest cut point >= `at` on a character boundary, preferring just after a newline nearby. */
function tailCut(b: Uint8Array, at: number): number {
  let i = Math.max(0, Math.min(at, b.length));
  const ceil = i + Math.floor((b.length - i) * 0.2);
  for (let j = i; j < ceil; j++) if (b[j] === 0x0a) return j + 1;
  while (i < b.length && (b[i]! & 0xc0) === 0x80) i++;
  return i;
}

function marker(
  cut: number,
  total: number,
  label: TruncateLabel,
  lines: [number, number] | null,
): string {
  const where = lines === null ? '' : ` (lines ${lines[0]}-${lines[1]})`;
  // the path is repository text: on one line, controls and invisible characters as escapes
  return `\n[ctxloom: ${cut} of ${total} bytes${where} cut here to fit the ${label.why}; the full text is in ${escapeExcerpt(label.path)}]\n`;
}

function build(
  b: Uint8Array,
  keep: number,
  label: TruncateLabel,
): { content: string; head: number; tail: number } {
  const head = headCut(b, Math.floor(keep * HEAD_SHARE));
  const tail = Math.max(head, tailCut(b, b.length - (keep - head)));
  const lines: [number, number] | null =
    label.firstLine === undefined
      ? null
      : [
          label.firstLine - 1 + lineOf(b, head),
          label.firstLine - 1 + lineOf(b, Math.max(head, tail - 1)),
        ];
  const content =
    decoder.decode(b.subarray(0, head)) +
    marker(b.length - head - (b.length - tail), b.length, label, lines) +
    decoder.decode(b.subarray(tail));
  return { content, head, tail };
}

/**
 * Fits `text` into `limits`. When it does not fit, keeps about 70% head and 30% tail around a
 * marker, so that the result (marker included) fits both limits.
 */
export function truncateText(
  text: string,
  limits: TruncateLimits,
  counter: TokenCounter,
  label: TruncateLabel,
): TruncateResult {
  const b = encoder.encode(text);
  const total = b.length;
  const fullTokens = total <= limits.maxBytes ? counter.count(text) : Number.POSITIVE_INFINITY;
  if (total <= limits.maxBytes && fullTokens <= limits.maxTokens) {
    return { outcome: 'kept', content: text, bytesKept: total, bytesCut: 0, tokens: fullTokens };
  }
  const skipped: TruncateResult = {
    outcome: 'skipped',
    content: '',
    bytesKept: 0,
    bytesCut: total,
    tokens: 0,
  };
  const worstMarker = utf8Length(marker(total, total, label, [999_999, 999_999]));
  let keep = Math.min(total - 1, limits.maxBytes - worstMarker);
  for (let attempt = 0; attempt < 12; attempt++) {
    if (keep < MIN_KEPT) return skipped;
    const built = build(b, keep, label);
    const bytes = utf8Length(built.content);
    const tokens = counter.count(built.content);
    if (bytes <= limits.maxBytes && tokens <= limits.maxTokens) {
      const kept = built.head + (total - built.tail);
      return {
        outcome: 'truncated',
        content: built.content,
        bytesKept: kept,
        bytesCut: total - kept,
        tokens,
      };
    }
    const byBytes = bytes > limits.maxBytes ? keep - (bytes - limits.maxBytes) - 8 : keep;
    const byTokens =
      tokens > limits.maxTokens ? Math.floor(keep * (limits.maxTokens / tokens) * 0.95) : keep;
    keep = Math.min(byBytes, byTokens, keep - 1);
  }
  return skipped;
}
