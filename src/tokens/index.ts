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
