export {
  countTokens,
  defaultTokenCounter,
  estimateCounter,
  estimateTokens,
  o200kCounter,
  type TokenCounter,
} from './counter.js';
