/**
 * @module safety/learned-model
 * Inference of the learned stage: a logistic-regression model over the hashed features of
 * {@link FeatureBuilder}, weights quantised to int8 and shipped in `learned-weights.ts` (generated
 * by `scripts/train-scanner.mjs`). A text's score is the highest segment score, so an attack
 * paragraph inside a long benign file is scored on its own. Linear in the input; pure.
 */
import { FEATURE_DIM, FeatureBuilder, segmentText } from './learned-features.js';
import { LEARNED_WEIGHTS } from './learned-weights.js';

/** The shipped weights file's shape (what the training script writes). */
export interface LearnedWeights {
  /** Format version. */
  readonly version: number;
  /** Number of feature slots; must equal {@link FEATURE_DIM}. */
  readonly dim: number;
  readonly bias: number;
  /** Multiply an int8 weight by this to get the real weight. */
  readonly scale: number;
  /** Base64 of `dim` int8 weights. */
  readonly weights: string;
  /** Decision threshold on the probability, chosen by the training script on the dev benign half. */
  readonly threshold: number;
  /** SHA-256 of the training inputs (texts and labels in order), to tell which data made the model. */
  readonly inputsSha256: string;
  /** What went in, one line per source: `name: attack|benign n`. */
  readonly sources: readonly string[];
}

/** A model ready to score: dense weights (int8 as shipped, or float from a training run) times `scale`. */
export interface LearnedModel {
  readonly weights: Float32Array | Int8Array;
  /** Multiplies every weight (1 for float weights). */
  readonly scale?: number;
  readonly bias: number;
  readonly threshold: number;
}

/** Decodes a weights file into a model. Throws when the dimension does not match the features. */
export function decodeWeights(w: LearnedWeights): LearnedModel {
  if (w.dim !== FEATURE_DIM)
    throw new Error(`learned weights have dim ${w.dim}, expected ${FEATURE_DIM}`);
  const bytes = atob(w.weights);
  if (bytes.length !== w.dim)
    throw new Error(`learned weights hold ${bytes.length} values, expected ${w.dim}`);
  // int8 kept as int8: a quarter of the memory of floats, so scoring stays in cache
  const weights = new Int8Array(w.dim);
  for (let i = 0; i < w.dim; i++) weights[i] = (bytes.charCodeAt(i) << 24) >> 24;
  return { weights, scale: w.scale, bias: w.bias, threshold: w.threshold };
}

let shipped: LearnedModel | undefined;
/** The model shipped with the package (decoded once). */
export function shippedModel(): LearnedModel {
  shipped ??= decodeWeights(LEARNED_WEIGHTS);
  return shipped;
}

let builder: FeatureBuilder | undefined;

/** The highest-scoring segment of a text, with its probability. */
export interface LearnedScore {
  readonly probability: number;
  readonly start: number;
  readonly end: number;
}

/** The raw margin (before the sigmoid) of `text.slice(start, end)` under `model`. */
export function segmentMargin(
  model: LearnedModel,
  text: string,
  start: number,
  end: number,
): number {
  builder ??= new FeatureBuilder();
  const z = builder.dot(model.weights, text, start, end);
  return model.bias + z * (model.scale ?? 1);
}

/** Scores every segment of `text` and returns the best one (probability 0 for empty text). */
export function scoreText(text: string, model: LearnedModel = shippedModel()): LearnedScore {
  let best = Number.NEGATIVE_INFINITY;
  let at = { start: 0, end: 0 };
  for (const s of segmentText(text)) {
    const z = segmentMargin(model, text, s.start, s.end);
    if (z > best) {
      best = z;
      at = s;
    }
  }
  const probability = best === Number.NEGATIVE_INFINITY ? 0 : 1 / (1 + Math.exp(-best));
  return { probability, start: at.start, end: at.end };
}
