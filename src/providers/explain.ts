/**
 * @module providers/explain
 * `explainCacheMiss`: where two consecutive requests diverge, which section or message that is,
 * and how many tokens could no longer be cached because of it.
 */
import { defaultTokenCounter, type TokenCounter } from '../tokens/index.js';
import type { CacheRequest } from './blocks.js';

/** Why the second request's prefix stopped matching the first. */
export interface CacheMissExplanation {
  /** True when the second request starts with the whole of the first (nothing was lost). */
  readonly identicalPrefix: boolean;
  /** UTF-8 byte offset of the first difference in the concatenated blocks. */
  readonly byteOffset: number;
  /** Index and id of the block where they diverge. */
  readonly blockIndex: number;
  readonly blockId: string;
  /** The ctxloom section at the divergence, when the block carries section spans. */
  readonly section: string | undefined;
  /** UTF-16 offset inside the block. */
  readonly offsetInBlock: number;
  /** Tokens of the second request from the divergence on: no longer cacheable. */
  readonly lostTokens: number;
  /** Short excerpts around the divergence (JSON-escaped). */
  readonly before: string;
  readonly after: string;
}

const enc = new TextEncoder();

/** Explains the first divergence between `previous` and `next`. */
export function explainCacheMiss(
  previous: CacheRequest,
  next: CacheRequest,
  counter: TokenCounter = defaultTokenCounter,
): CacheMissExplanation {
  let bytes = 0;
  const n = next.blocks.length;
  for (let i = 0; i < n; i++) {
    const b = next.blocks[i] as CacheRequest['blocks'][number];
    const a = previous.blocks[i];
    if (a !== undefined && a.text === b.text) {
      bytes += enc.encode(b.text).length;
      continue;
    }
    if (a === undefined) {
      // `next` only appends blocks after the whole of `previous`: a prefix extension, no miss.
      return {
        identicalPrefix: true,
        byteOffset: bytes,
        blockIndex: i,
        blockId: b.id,
        section: undefined,
        offsetInBlock: 0,
        lostTokens: 0,
        before: '',
        after: '',
      };
    }
    let k = 0;
    while (k < a.text.length && k < b.text.length && a.text.charCodeAt(k) === b.text.charCodeAt(k))
      k++;
    const section = b.spans?.find((s) => k >= s.start && k <= s.end)?.name;
    let lost = counter.count(b.text.slice(k));
    for (let j = i + 1; j < n; j++) lost += counter.count(next.blocks[j]?.text ?? '');
    return {
      identicalPrefix: false,
      byteOffset: bytes + enc.encode(b.text.slice(0, k)).length,
      blockIndex: i,
      blockId: b.id,
      section,
      offsetInBlock: k,
      lostTokens: lost,
      before: JSON.stringify(a.text.slice(Math.max(0, k - 30), k + 30)),
      after: JSON.stringify(b.text.slice(Math.max(0, k - 30), k + 30)),
    };
  }
  return {
    identicalPrefix: true,
    byteOffset: bytes,
    blockIndex: n,
    blockId: '',
    section: undefined,
    offsetInBlock: 0,
    lostTokens: 0,
    before: '',
    after: '',
  };
}
