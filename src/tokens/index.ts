export { BoundedCache, type BoundedCacheLimits } from './bounded-cache.js';
export {
  countTokens,
  defaultTokenCounter,
  estimateCounter,
  estimateTokens,
  o200kCounter,
  type TokenCounter,
} from './counter.js';
export { clearTokenCaches, isRankTableLoaded, TEXT_MEMO_MIN_CHARS } from './o200k.js';
