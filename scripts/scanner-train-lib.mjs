// Training of the scanner's learned stage: logistic regression over the hashed features of
// src/safety/learned-features.ts (read from dist/, so training and inference share one
// featuriser), AdaGrad, a fixed seed, a fixed item order: the same inputs give the same weights.
// Used by scripts/train-scanner.mjs (the shipped model) and bench/safety-loso.mjs
// (leave-one-source-out figures).
import { FEATURE_DIM, FeatureBuilder, segmentText } from '../dist/safety/learned-features.js';

export const TRAIN = Object.freeze({
  epochs: 4,
  rate: 0.2,
  seed: 0x5eed,
  folds: 3,
  // share of rule-clean benign documents (per family, out-of-fold) the model may flag
  budget: 0.004,
});

const builder = new FeatureBuilder();

/** One document: its segments as sparse vectors, plus the segment texts' keys. */
export function featurizeDoc(text) {
  return segmentText(text).map((s) => {
    const f = builder.build(text, s.start, s.end);
    return {
      idx: f.index.slice(0, f.size),
      val: f.value.slice(0, f.size),
      key: text.slice(s.start, s.end).trim(),
    };
  });
}

function mulberry32(a) {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Trains on documents `[{ segs, y }]` (y = 1 attack, 0 benign). Every segment is an example
 * with its document's label, except attack segments whose text also occurs in a benign document
 * (a template shared by both halves says nothing). Classes are weighted to equal total weight.
 * Returns `{ weights: Float32Array, bias }`.
 */
export function train(docs, opts = TRAIN) {
  const benignKeys = new Set();
  for (const d of docs) if (d.y === 0) for (const s of d.segs) benignKeys.add(s.key);
  const ex = [];
  for (const d of docs) {
    for (const s of d.segs) {
      if (s.key === '') continue;
      if (d.y === 1 && benignKeys.has(s.key)) continue;
      ex.push({ s, y: d.y });
    }
  }
  const pos = ex.filter((e) => e.y === 1).length;
  const neg = ex.length - pos;
  const wPos = pos > 0 ? ex.length / (2 * pos) : 1;
  const wNeg = neg > 0 ? ex.length / (2 * neg) : 1;
  const W = new Float32Array(FEATURE_DIM);
  const G = new Float32Array(FEATURE_DIM);
  let bias = 0;
  let gBias = 0;
  const rand = mulberry32(opts.seed);
  const order = ex.map((_, i) => i);
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const i of order) {
      const { s, y } = ex[i];
      let z = bias;
      for (let t = 0; t < s.idx.length; t++) z += W[s.idx[t]] * s.val[t];
      const p = 1 / (1 + Math.exp(-z));
      const g = (p - y) * (y === 1 ? wPos : wNeg);
      for (let t = 0; t < s.idx.length; t++) {
        const k = s.idx[t];
        const gk = g * s.val[t];
        G[k] += gk * gk;
        W[k] -= (opts.rate * gk) / Math.sqrt(G[k] + 1e-6);
      }
      gBias += g * g;
      bias -= (opts.rate * g) / Math.sqrt(gBias + 1e-6);
    }
  }
  return { weights: W, bias };
}

/** A document's margin: the highest segment margin (`-Infinity` for an empty document). */
export function docMargin(model, segs) {
  let best = Number.NEGATIVE_INFINITY;
  for (const s of segs) {
    let z = model.bias;
    for (let t = 0; t < s.idx.length; t++) z += model.weights[s.idx[t]] * s.val[t];
    if (z > best) best = z;
  }
  return best;
}

/** Fold of a document (0..folds-1), from its position in a fixed order. */
const foldOf = (i, folds) => i % folds;

/**
 * Picks the margin threshold from out-of-fold scores: `folds` models, each trained without one
 * fold, score that fold's documents; the threshold is the lowest margin at which, in every benign
 * family, at most `budget` of the documents the rules leave clean reach it.
 * `docs` are `{ segs, y, family, ruleClean }`.
 */
export function chooseThreshold(docs, opts = TRAIN) {
  const oof = new Float64Array(docs.length);
  for (let f = 0; f < opts.folds; f++) {
    const model = train(
      docs.filter((_, i) => foldOf(i, opts.folds) !== f),
      opts,
    );
    docs.forEach((d, i) => {
      if (foldOf(i, opts.folds) === f) oof[i] = docMargin(model, d.segs);
    });
  }
  let t = Number.NEGATIVE_INFINITY;
  const families = new Map();
  docs.forEach((d, i) => {
    if (d.y !== 0) return;
    if (!families.has(d.family)) families.set(d.family, []);
    families.get(d.family).push(d.ruleClean ? oof[i] : Number.NEGATIVE_INFINITY);
  });
  for (const margins of families.values()) {
    margins.sort((a, b) => b - a);
    const allowed = Math.floor(opts.budget * margins.length);
    // the threshold must lie above the (allowed+1)-th highest rule-clean benign margin
    const above = margins[allowed];
    if (above !== undefined && above !== Number.NEGATIVE_INFINITY) t = Math.max(t, above + 1e-3);
  }
  const attacks = docs
    .map((d, i) => (d.y === 1 ? oof[i] : undefined))
    .filter((x) => x !== undefined);
  const oofRecall = attacks.filter((m) => m >= t).length / Math.max(1, attacks.length);
  return { threshold: t, oofRecall };
}

/** Quantises float weights to int8 with one scale. */
export function quantize(model) {
  let max = 0;
  for (const w of model.weights) max = Math.max(max, Math.abs(w));
  const scale = max > 0 ? max / 127 : 1;
  const q = new Int8Array(model.weights.length);
  for (let i = 0; i < q.length; i++)
    q[i] = Math.max(-127, Math.min(127, Math.round(model.weights[i] / scale)));
  const weights = new Float32Array(q.length);
  for (let i = 0; i < q.length; i++) weights[i] = q[i] * scale;
  return { q, scale, model: { weights, bias: model.bias } };
}
