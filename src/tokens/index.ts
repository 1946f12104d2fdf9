export { BoundedCache, type BoundedCacheLimits } from './bounded-cache.js';
export {
  countTokens,
  defaultTokenCounter,
  estimateCounter,
  estimateTokens,
  MAX_UNSPLIT_RUN,
  o200kCounter,
  splitLongRuns,
  type TokenCounter,
} from './counter.js';
export { clearTokenCaches, isRankTableLoaded, TEXT_MEMO_MIN_CHARS } from './o200k.js';
