// Training of the scanner's learned stage: logistic regression over the feature hashes of
// src/safety/learned-features.ts (read from dist/, so training and inference share one
// featuriser), AdaGrad, a fixed seed, a fixed item order: the same inputs give the same weights.
// Used by scripts/train-scanner.mjs (the shipped model) and bench/safety-loso.mjs
// (leave-one-source-out figures).
import { NORM_FLOOR, segmentHashes, segmentText } from '../dist/safety/learned-features.js';

export const TRAIN = Object.freeze({
  epochs: 4,
  rate: 0.2,
  seed: 0x5eed,
  folds: 3,
  // share of rule-clean benign documents (per family, out-of-fold) the model may flag
  budget: 0.005,
  // cross-source stability: a feature may take a positive weight only when it occurs in at least
  // `minAttack` attack sources, a negative one only in at least `minBenign` benign sources (each
  // in >= `minDocs` documents of the source), so a feature of one source only (its template, its
  // file format, its topic) carries no label
  minAttack: 2,
  minBenign: 2,
  minDocs: 2,
  // an attack source supports a positive sign only where the feature's document rate in it is
  // above `enrich` times its highest rate in any benign source
  enrich: 1,
  // a feature in more than this share of one attack source's documents is that source's
  // template or format: the source's examples do not train it (others still may)
  maxShare: 0.8,
  // no learned bias: a passage without known features scores 0 (p = 0.5), so text unlike any
  // training data (another language, another format) needs evidence to be flagged
  learnBias: false,
  // 'source': every source gets the same total weight within its class; 'class': items equal
  balance: 'source',
  // attack documents as bags of segments (see train()); the first epoch learns from the
  // one-segment attacks only, so the bags' first choice is not their boilerplate
  mil: true,
  milSkipFirst: true,
});

/** Global feature ids: every distinct feature hash met by {@link featurizeDoc}, in first-seen order. */
const ids = new Map();
const hashOfId = [];
const idOf = (h) => {
  let g = ids.get(h);
  if (g === undefined) {
    g = hashOfId.length;
    ids.set(h, g);
    hashOfId.push(h);
  }
  return g;
};
/** The feature hash of global id `g`. */
export const featureHash = (g) => hashOfId[g];
/** Number of global feature ids so far. */
export const featureCount = () => hashOfId.length;

/**
 * One document: per segment its distinct features (global ids, ascending hash order) with their
 * values `count / sqrt(max(features in the segment, NORM_FLOOR))` (what the scorer computes), and
 * its text key. Only the segments the scorer scores (5 words or more).
 */
export function featurizeDoc(text) {
  const out = [];
  for (const seg of segmentText(text)) {
    const found = segmentHashes(text, seg.start, seg.end);
    if (found === undefined) continue;
    const h = found.sort();
    const idx = [];
    const cnt = [];
    for (let i = 0; i < h.length; i++) {
      if (i > 0 && h[i] === h[i - 1]) cnt[cnt.length - 1]++;
      else {
        idx.push(idOf(h[i]));
        cnt.push(1);
      }
    }
    const inv = 1 / Math.sqrt(Math.max(h.length, NORM_FLOOR));
    out.push({
      idx: Int32Array.from(idx),
      val: Float32Array.from(cnt, (c) => c * inv),
      key: text.slice(seg.start, seg.end).trim(),
    });
  }
  return out;
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
 * The signs a feature may take under the cross-source stability rule of {@link TRAIN}, as two
 * masks over the global ids: `pos[g]` (may be positive) and `neg[g]` (may be negative).
 */
export function signMasks(docs, opts = TRAIN) {
  const n = featureCount();
  const a = new Uint8Array(n);
  const b = new Uint8Array(n);
  const df = new Uint16Array(n);
  const stamp = new Int32Array(n).fill(-1);
  const bySource = new Map();
  for (const d of docs) {
    if (!bySource.has(d.source)) bySource.set(d.source, []);
    bySource.get(d.source).push(d);
  }
  // document rates per source; benignMax[g]: the highest rate of g in any benign source
  const rates = [];
  const benignMax = new Float32Array(n);
  let docNo = 0;
  for (const list of bySource.values()) {
    const touched = [];
    for (const d of list) {
      docNo++;
      for (const s of d.segs)
        for (const g of s.idx) {
          if (stamp[g] === docNo) continue;
          stamp[g] = docNo;
          if (df[g] === 0) touched.push(g);
          df[g]++;
        }
    }
    const r = new Map();
    for (const g of touched) {
      if (df[g] >= opts.minDocs) r.set(g, df[g] / list.length);
      df[g] = 0;
    }
    rates.push({ y: list[0].y, r, source: list[0].source });
    if (list[0].y === 0) for (const [g, v] of r) if (v > benignMax[g]) benignMax[g] = v;
  }
  const enrich = opts.enrich;
  for (const { y, r } of rates) {
    const counter = y === 1 ? a : b;
    for (const [g, v] of r) {
      // an attack source supports a positive sign only where g is more frequent than in every benign source
      if (y === 1 && enrich > 0 && v <= enrich * benignMax[g]) continue;
      if (counter[g] < 255) counter[g]++;
    }
  }
  const pos = new Uint8Array(n);
  const neg = new Uint8Array(n);
  for (let g = 0; g < n; g++) {
    pos[g] = a[g] >= opts.minAttack ? 1 : 0;
    neg[g] = b[g] >= opts.minBenign ? 1 : 0;
  }
  // per attack source, its template: the features in more than `maxShare` of its documents
  const template = new Map();
  for (const { y, r, source } of rates) {
    if (y !== 1 || opts.maxShare >= 1) continue;
    const t = new Uint8Array(n);
    for (const [g, v] of r) if (v > opts.maxShare) t[g] = 1;
    template.set(source, t);
  }
  return { pos, neg, template };
}

/**
 * The training examples of `docs`: one per benign segment, and one bag per attack document (its
 * segments, less those whose text also occurs in a benign document: a template shared by both
 * halves says nothing). Each example's weight gives both classes equal totals and, with
 * `balance: 'source'`, every source the same total within its class.
 */
function examples(docs, opts) {
  const benignKeys = new Set();
  for (const d of docs) if (d.y === 0) for (const s of d.segs) benignKeys.add(s.key);
  const ex = [];
  for (const d of docs) {
    const segs = d.segs.filter((s) => s.key !== '' && !(d.y === 1 && benignKeys.has(s.key)));
    if (d.y === 0) for (const s of segs) ex.push({ bag: [s], y: 0, src: d.source });
    else if (segs.length > 0)
      ex.push({ bag: opts.mil ? segs : [segs[0]], y: 1, src: d.source, all: segs });
  }
  if (!opts.mil) {
    // every attack segment is a positive example of its own
    const flat = [];
    for (const e of ex)
      if (e.y === 0) flat.push(e);
      else for (const s of e.all) flat.push({ bag: [s], y: 1, src: e.src });
    ex.length = 0;
    ex.push(...flat);
  }
  const n = [0, 0];
  const perSource = new Map();
  for (const e of ex) {
    n[e.y]++;
    perSource.set(e.src, (perSource.get(e.src) ?? 0) + 1);
  }
  const nSrc = [0, 0];
  for (const src of perSource.keys()) nSrc[ex.find((e) => e.src === src).y]++;
  for (const e of ex) {
    const cls = ex.length / (2 * n[e.y]);
    e.w = opts.balance === 'source' ? (cls * n[e.y]) / (nSrc[e.y] * perSource.get(e.src)) : cls;
  }
  return ex;
}

const marginOf = (W, bias, s) => {
  let z = bias;
  for (let t = 0; t < s.idx.length; t++) z += W[s.idx[t]] * s.val[t];
  return z;
};

/**
 * Trains on documents `[{ segs, y, source }]` (y = 1 attack, 0 benign): logistic regression,
 * AdaGrad, each feature within the signs of {@link signMasks}. With `mil`, an attack document is a bag (multiple-
 * instance learning, as the score is the best segment's): after a first epoch in which its
 * segments share its weight, only its best-scoring segment is pushed up, so the rest of an
 * attack file (its format, its boilerplate) is never taught as attack.
 * Returns `{ weights: Float32Array, bias }`.
 */
export function train(docs, opts = TRAIN) {
  const { pos, neg, template } = signMasks(docs, opts);
  const ex = examples(docs, opts);
  const none = new Uint8Array(featureCount());
  const W = new Float32Array(featureCount());
  const G = new Float32Array(featureCount());
  let bias = 0;
  let gBias = 0;
  const step = (s, y, w, tmpl) => {
    const p = 1 / (1 + Math.exp(-marginOf(W, bias, s)));
    const g = (p - y) * w;
    for (let t = 0; t < s.idx.length; t++) {
      const k = s.idx[t];
      if ((pos[k] === 0 && neg[k] === 0) || tmpl[k] === 1) continue;
      const gk = g * s.val[t];
      G[k] += gk * gk;
      const w = W[k] - (opts.rate * gk) / Math.sqrt(G[k] + 1e-6);
      // projected step: a feature keeps only the signs its sources allow
      W[k] = (w > 0 && pos[k] === 0) || (w < 0 && neg[k] === 0) ? 0 : w;
    }
    if (!opts.learnBias) return;
    gBias += g * g;
    bias -= (opts.rate * g) / Math.sqrt(gBias + 1e-6);
  };
  const rand = mulberry32(opts.seed);
  const order = ex.map((_, i) => i);
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const i of order) {
      const { bag, y, w, src } = ex[i];
      const tmpl = (y === 1 && template.get(src)) || none;
      if (bag.length === 1) step(bag[0], y, w, tmpl);
      else if (epoch === 0) {
        if (!opts.milSkipFirst) for (const s of bag) step(s, y, w / bag.length, tmpl);
      } else {
        let best = bag[0];
        let bz = Number.NEGATIVE_INFINITY;
        for (const s of bag) {
          const z = marginOf(W, bias, s);
          if (z > bz) [best, bz] = [s, z];
        }
        step(best, y, w, tmpl);
      }
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

/**
 * Quantises float weights to int8 with one scale and keeps the features whose weight is not 0:
 * `{ hashes: Int32Array (ascending), q: Int8Array, scale, model }`, `model` being the quantised
 * weights as floats over the global ids (what the shipped file scores).
 */
export function quantize(model) {
  let max = 0;
  for (const w of model.weights) max = Math.max(max, Math.abs(w));
  const scale = max > 0 ? max / 127 : 1;
  const weights = new Float32Array(model.weights.length);
  const kept = [];
  for (let g = 0; g < model.weights.length; g++) {
    const q = Math.max(-127, Math.min(127, Math.round(model.weights[g] / scale)));
    weights[g] = q * scale;
    if (q !== 0) kept.push([featureHash(g), q]);
  }
  kept.sort((x, y) => x[0] - y[0]);
  return {
    hashes: Int32Array.from(kept, (k) => k[0]),
    q: Int8Array.from(kept, (k) => k[1]),
    scale,
    model: { weights, bias: model.bias },
  };
}
