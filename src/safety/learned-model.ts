/**
 * @module safety/learned-model
 * Inference of the learned stage: a logistic-regression model over a vocabulary of hashed
 * features ({@link SegmentScorer}), weights quantised to int8 and shipped in `learned-weights.ts` (generated
 * by `scripts/train-scanner.mjs`). A text's score is the highest segment score, so an attack
 * paragraph inside a long benign file is scored on its own. Linear in the input; pure.
 */
import { FeatureWeights, SegmentScorer, segmentText } from './learned-features.js';
import { storedLearnedTable } from './learned-table.js';
import { LEARNED_WEIGHTS } from './learned-weights.js';

/** The shipped weights file's shape (what the training script writes). */
export interface LearnedWeights {
  /** Format version (2: a vocabulary of feature hashes with one int8 weight each). */
  readonly version: number;
  readonly bias: number;
  /** Multiply an int8 weight by this to get the real weight. */
  readonly scale: number;
  /** Base64 of the vocabulary: its feature hashes as little-endian int32, ascending. */
  readonly features: string;
  /** Base64 of one int8 weight per vocabulary feature, in the same order. */
  readonly weights: string;
  /** Decision threshold on the probability, chosen by the training script on the dev benign half. */
  readonly threshold: number;
  /** SHA-256 of the training inputs (texts and labels in order), to tell which data made the model. */
  readonly inputsSha256: string;
  /** What went in, one line per source: `name: attack|benign n`. */
  readonly sources: readonly string[];
}

/** A model ready to score: its features' weights, a bias and the decision threshold (a probability). */
export interface LearnedModel {
  readonly weights: FeatureWeights;
  readonly bias: number;
  readonly threshold: number;
}

// native base64 (a copy, so the bytes start on an aligned offset of their own buffer); the atob +
// per-character callback it replaces cost 13 ms of a one-file `ctxloom scan`
const bytesOf = (b64: string): Uint8Array => new Uint8Array(Buffer.from(b64, 'base64'));

/** Decodes a weights file into a model. Throws when the file is malformed. */
export function decodeWeights(w: LearnedWeights): LearnedModel {
  if (w.version !== 2) throw new Error(`learned weights version ${w.version}, expected 2`);
  const fb = bytesOf(w.features);
  const weights = new Int8Array(bytesOf(w.weights).buffer);
  if (fb.length !== 4 * weights.length)
    throw new Error(`learned weights hold ${weights.length} values for ${fb.length / 4} features`);
  const view = new DataView(fb.buffer);
  const hashes = new Int32Array(weights.length);
  for (let i = 0; i < hashes.length; i++) hashes[i] = view.getInt32(4 * i, true);
  return {
    weights: new FeatureWeights(hashes, weights, w.scale),
    bias: w.bias,
    threshold: w.threshold,
  };
}

let shipped: LearnedModel | undefined;
/**
 * The model shipped with the package (once per process): over the table the build stored for its
 * weights when there is one (see `learned-table.ts`), else decoded.
 */
export function shippedModel(): LearnedModel {
  if (shipped === undefined) {
    const table = storedLearnedTable(LEARNED_WEIGHTS);
    shipped =
      table === undefined
        ? decodeWeights(LEARNED_WEIGHTS)
        : {
            weights: FeatureWeights.fromTable(table),
            bias: LEARNED_WEIGHTS.bias,
            threshold: LEARNED_WEIGHTS.threshold,
          };
  }
  return shipped;
}

/** One scorer per model (a scorer holds scratch buffers). */
const scorers = new WeakMap<FeatureWeights, SegmentScorer>();

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
  let scorer = scorers.get(model.weights);
  if (scorer === undefined) {
    scorer = new SegmentScorer(model.weights);
    scorers.set(model.weights, scorer);
  }
  return model.bias + scorer.dot(text, start, end);
}

/** Scores every segment of `text` and returns the best one (probability 0 when none is scored: see {@link SegmentScorer}). */
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
