/**
 * @module skills/catalog
 * The skill catalog the prompt shows: names and descriptions only, sorted by name, within a
 * token budget. Over budget, descriptions shrink fairly (one shared character cap, the largest
 * that fits) before any skill is dropped; dropped skills are counted in the catalog itself and in
 * the report. Pure.
 */
import { compareCodeUnits } from '../_internal/compare.js';
import { deepFreeze } from '../_internal/freeze.js';
import type { Mutable } from '../_internal/mutable.js';
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import type { SkillCatalogEntry } from '../prompt/types.js';
import { gateUntrusted, type Scanner } from '../safety/index.js';
import { o200kCounter, type TokenCounter } from '../tokens/index.js';
import { SKILL_CODES } from './codes.js';
import {
  CATALOG_CLOSE,
  CATALOG_OPEN,
  renderCatalogLine,
  renderOmittedLine,
  renderSkillCatalog,
} from './render-catalog.js';
import { isModelInvocable, type SkillManifest, type SkillVisibility } from './types.js';

/** The catalog's budget: a fixed number of tokens, or a share of the context window. */
export type CatalogBudget =
  | { readonly tokens: number }
  | { readonly share: number; readonly contextWindow: number };

/** Default budget: 2% of a 200k-token context window (4,000 tokens). */
export const DEFAULT_CATALOG_BUDGET: CatalogBudget = Object.freeze({
  share: 0.02,
  contextWindow: 200_000,
});
/** Default per-skill description cap, in characters. */
export const DEFAULT_MAX_DESCRIPTION_CHARS = 400;
/** Default floor of the fair shrink: below it, descriptions go name-only. */
export const DEFAULT_MIN_DESCRIPTION_CHARS = 48;

/** What the catalog needs of a skill. */
export type CatalogSkill = Pick<
  SkillManifest,
  'name' | 'description' | 'paths' | 'disableModelInvocation'
>;

/** Options of {@link buildSkillCatalog}. */
export interface CatalogOptions {
  /** Default {@link DEFAULT_CATALOG_BUDGET}. */
  readonly budget?: CatalogBudget;
  /** Per-skill cap of an `auto` description, characters. Default 400. */
  readonly maxDescriptionChars?: number;
  /** Floor of the fair shrink, characters. Default 48. */
  readonly minDescriptionChars?: number;
  /** Per-skill visibility by name; `auto` when not given. */
  readonly visibility?: Readonly<Record<string, SkillVisibility>>;
  /** Token counter. Default o200k. */
  readonly tokenCounter?: TokenCounter;
  /**
   * The injection scanner: a description it blocks (or that makes it throw) is not shown, the
   * skill is listed name-only. Without one the catalog says so once (`I_NOT_SCANNED`).
   */
  readonly scan?: Scanner;
  /** Display path of each skill's SKILL.md by name, for scanner diagnostics. */
  readonly files?: Readonly<Record<string, string>>;
}

/** Why a skill is not in the catalog. */
export type UnlistedReason = 'manual' | 'disabled' | 'not-model-invocable' | 'budget';

/** What the catalog did, for the build report. */
export interface CatalogReport {
  /** Budget in tokens. */
  readonly budgetTokens: number;
  /** Tokens of the rendered block. */
  readonly tokens: number;
  /** The shared character cap applied by the fair shrink, when it ran (0: name-only). */
  readonly sharedCap?: number;
  /** Names whose description was shortened, sorted. */
  readonly cut: readonly string[];
  /** Skills not listed, with the reason, sorted by name. */
  readonly unlisted: readonly { readonly name: string; readonly reason: UnlistedReason }[];
}

/** The catalog, ready for the prompt. */
export interface SkillCatalog {
  /** Listed skills, sorted by name, descriptions already capped (with the cut notice). */
  readonly entries: readonly SkillCatalogEntry[];
  /** How many skills the budget dropped. */
  readonly dropped: number;
  /** The exact `<available_skills>` block (empty string when nothing is listed). */
  readonly text: string;
  readonly report: CatalogReport;
  readonly diagnostics: readonly Diagnostic[];
}

/** Resolves a budget to tokens. */
export function budgetTokens(budget: CatalogBudget): number {
  if ('tokens' in budget) return Math.max(0, Math.floor(budget.tokens));
  return Math.max(0, Math.floor(budget.share * budget.contextWindow));
}

/** The notice appended to a shortened description: how much was cut and how to get it all. */
export function cutNotice(cutChars: number): string {
  return ` [… ${cutChars} more chars; invoke_skill gives the full skill]`;
}

/** Cuts `text` to at most `cap` characters at a word boundary and appends the cut notice. */
export function capDescription(text: string, cap: number): string {
  if (text.length <= cap) return text;
  if (cap <= 0) return '';
  let cut = text.slice(0, cap);
  // do not split a surrogate pair
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  const space = cut.lastIndexOf(' ');
  if (space >= cap * 0.6) cut = cut.slice(0, space);
  cut = cut.replace(/[\s,;:.-]+$/, '');
  return cut + cutNotice(text.length - cut.length);
}

interface Item {
  readonly name: string;
  readonly full: string;
  readonly mode: 'auto' | 'pinned' | 'name-only';
  /** `flagged: <rule ids>` when the scanner flagged the description. */
  readonly scanner?: string;
}

/** The skills the catalog may list, sorted by name, and those it may not, with the reason. */
interface Listing {
  readonly items: Item[];
  readonly unlisted: { name: string; reason: UnlistedReason }[];
}

function listSkills(skills: readonly CatalogSkill[], options: CatalogOptions): Listing {
  const unlisted: { name: string; reason: UnlistedReason }[] = [];
  const items: Item[] = [];
  for (const skill of [...skills].sort((a, b) => cmp(a.name, b.name))) {
    const vis = options.visibility?.[skill.name] ?? 'auto';
    if (vis === 'manual' || vis === 'disabled') unlisted.push({ name: skill.name, reason: vis });
    else if (!isModelInvocable(skill))
      unlisted.push({ name: skill.name, reason: 'not-model-invocable' });
    else items.push({ name: skill.name, full: skill.description, mode: vis });
  }
  return { items, unlisted };
}

/**
 * Passes every description through the scan gate: a blocked one lists its skill name-only, a
 * flagged one is marked. Rewrites `items` in place; returns the gate's diagnostics.
 */
function scanDescriptions(items: Item[], options: CatalogOptions): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (options.scan === undefined) {
    if (items.length > 0)
      out.push(
        diagnostic(
          'I_NOT_SCANNED',
          'info',
          `no injection scanner was given: ${items.length} skill description(s) were not scanned`,
        ),
      );
    return out;
  }
  for (const [i, item] of items.entries()) {
    const source = options.files?.[item.name] ?? item.name;
    const gate = gateUntrusted(item.full, { source, channel: 'skill', scanner: options.scan });
    out.push(...gate.diagnostics);
    if (!gate.allowed) items[i] = { name: item.name, full: '', mode: 'name-only' };
    else if (gate.verdict === 'flagged')
      items[i] = { ...item, scanner: `flagged: ${gate.ruleIds.join(', ')}` };
  }
  return out;
}

/** The catalog's lines at a given description cap, and their token costs (memoised per line). */
class CatalogCosts {
  readonly #counter: TokenCounter;
  readonly #lineCost = new Map<string, number>();
  readonly #frame: number;

  constructor(counter: TokenCounter) {
    this.#counter = counter;
    this.#frame = counter.count(`${CATALOG_OPEN}\n${CATALOG_CLOSE}`);
  }

  costOf(line: string): number {
    let c = this.#lineCost.get(line);
    if (c === undefined) {
      c = this.#counter.count(`${line}\n`);
      this.#lineCost.set(line, c);
    }
    return c;
  }

  entryOf(item: Item, cap: number): SkillCatalogEntry {
    const description =
      item.mode === 'name-only'
        ? ''
        : item.mode === 'pinned'
          ? item.full
          : capDescription(item.full, cap);
    // a flagged description is marked where the model reads it
    return item.scanner === undefined || description === ''
      ? { name: item.name, description }
      : { name: item.name, description, scanner: item.scanner };
  }

  entriesAt(list: readonly Item[], cap: number): SkillCatalogEntry[] {
    return list.map((item) => this.entryOf(item, cap));
  }

  /** Summed per-line cost of the block listing `list` at `cap`, with `dropped` omitted. */
  costAt(list: readonly Item[], cap: number, dropped: number): number {
    let total = this.#frame + (dropped > 0 ? this.costOf(renderOmittedLine(dropped)) : 0);
    for (const e of this.entriesAt(list, cap)) total += this.costOf(renderCatalogLine(e));
    return total;
  }
}

/** The limits one fitting pass works within. */
interface FitLimits {
  /** Per-skill cap of an `auto` description. */
  readonly cap: number;
  /** Floor of the fair shrink. */
  readonly minChars: number;
  /** Tokens the summed line costs must fit in. */
  readonly budget: number;
}

/**
 * The largest shared cap L >= `minChars` at which the block fits (0: name-only), or undefined
 * when it fits at `cap` already.
 */
function sharedCapFor(all: readonly Item[], limits: FitLimits, costs: CatalogCosts) {
  const { cap, budget } = limits;
  if (costs.costAt(all, cap, 0) <= budget) return undefined;
  const longest = Math.max(0, ...all.filter((i) => i.mode === 'auto').map((i) => i.full.length));
  let lo = limits.minChars;
  let hi = Math.min(cap, longest);
  // name-only is the cheapest listing: when even it does not fit, no cap can (saves a pass)
  let costLo =
    costs.costAt(all, 0, 0) > budget ? Number.POSITIVE_INFINITY : costs.costAt(all, lo, 0);
  if (costLo > budget || lo >= hi) return costLo <= budget ? lo : 0;
  // invariant: cap `lo` fits, cap `hi` does not. Interpolation steps (cost grows about
  // linearly with the cap) alternate with bisection, so it ends in a few evaluations.
  let costHi = costs.costAt(all, hi, 0);
  let bisect = false;
  while (hi - lo > 1) {
    let guess = bisect
      ? Math.floor((lo + hi) / 2)
      : lo + Math.floor(((budget - costLo) * (hi - lo)) / Math.max(1, costHi - costLo));
    guess = Math.min(hi - 1, Math.max(lo + 1, guess));
    const c = costs.costAt(all, guess, 0);
    const before = hi - lo;
    if (c <= budget) {
      lo = guess;
      costLo = c;
    } else {
      hi = guess;
      costHi = c;
    }
    bisect = !bisect && hi - lo > before / 2;
  }
  return lo;
}

/** Drops skills from the end (`auto` first, then `name-only`, then `pinned`) until it fits. */
function dropToFit(all: readonly Item[], cap: number, budget: number, costs: CatalogCosts) {
  const dropped: Item[] = [];
  let total = costs.costAt(all, cap, 0);
  if (total <= budget) return { kept: [...all], dropped };
  const order = [
    ...all.filter((i) => i.mode === 'auto').reverse(),
    ...all.filter((i) => i.mode === 'name-only').reverse(),
    ...all.filter((i) => i.mode === 'pinned').reverse(),
  ];
  const dropSet = new Set<Item>();
  for (const victim of order) {
    if (total <= budget) break;
    dropSet.add(victim);
    dropped.push(victim);
    total -= costs.costOf(renderCatalogLine(costs.entryOf(victim, cap)));
    if (dropped.length > 1) total -= costs.costOf(renderOmittedLine(dropped.length - 1));
    total += costs.costOf(renderOmittedLine(dropped.length));
  }
  return { kept: all.filter((i) => !dropSet.has(i)), dropped };
}

/** One fitting pass: the entries listed, the skills dropped and the shared cap (when it ran). */
interface FittedCatalog {
  readonly entries: SkillCatalogEntry[];
  readonly dropped: readonly Item[];
  readonly sharedCap: number | undefined;
}

function fitCatalog(all: readonly Item[], limits: FitLimits, costs: CatalogCosts): FittedCatalog {
  const sharedCap = sharedCapFor(all, limits, costs);
  const effectiveCap = sharedCap ?? limits.cap;
  const { kept, dropped } = dropToFit(all, effectiveCap, limits.budget, costs);
  return { entries: costs.entriesAt(kept, effectiveCap), dropped, sharedCap };
}

/** Fits, then tightens the budget while the whole block counts over it (at most four passes). */
function fitWithinBudget(
  items: readonly Item[],
  limits: FitLimits,
  counter: TokenCounter,
): FittedCatalog {
  const costs = new CatalogCosts(counter);
  const budget = limits.budget;
  let effectiveBudget = budget;
  let result = fitCatalog(items, limits, costs);
  // Per-line sums can differ from the count of the whole block by a few tokens: tighten and retry.
  for (let pass = 0; pass < 4; pass++) {
    const tokens = counter.count(renderSkillCatalog(result.entries, result.dropped.length));
    if (tokens <= budget || effectiveBudget <= 0) break;
    effectiveBudget -= tokens - budget;
    result = fitCatalog(items, { ...limits, budget: effectiveBudget }, costs);
  }
  return result;
}

/** The `info` on cut descriptions and the `warning` on dropped skills. */
function fitDiagnostics(
  result: FittedCatalog,
  cut: readonly string[],
  maxChars: number,
  budget: number,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (cut.length > 0) {
    out.push(
      diagnostic(
        SKILL_CODES.catalogCut,
        'info',
        result.sharedCap === undefined
          ? `${cut.length} skill description(s) cut at the ${maxChars}-character cap`
          : result.sharedCap === 0
            ? `${cut.length} skill(s) listed by name only to fit the catalog budget of ${budget} tokens`
            : `${cut.length} skill description(s) shortened to fit the catalog budget of ${budget} tokens (shared cap ${result.sharedCap} characters)`,
      ),
    );
  }
  if (result.dropped.length > 0) {
    const names = result.dropped.map((d) => d.name).sort();
    out.push(
      diagnostic(
        SKILL_CODES.catalogDropped,
        'warning',
        `${names.length} skill(s) dropped from the catalog to fit its budget of ${budget} tokens: ${names.slice(0, 20).join(', ')}${names.length > 20 ? `, and ${names.length - 20} more (see report.unlisted)` : ''}`,
      ),
    );
  }
  return out;
}

/**
 * Builds the catalog.
 *
 * Algorithm: (1) list the model-invocable skills that are not `manual` / `disabled`, sorted by
 * name; (2) cap each `auto` description at `maxDescriptionChars`; (3) if the block is over
 * budget, find by binary search the largest shared cap L >= `minDescriptionChars` such that the
 * block fits with every `auto` description cut to L; (4) if even the floor does not fit, list
 * `auto` skills name-only; (5) if that still does not fit, drop skills from the end of the sorted
 * list (`auto` first, then `name-only`, then `pinned`) and say how many in the block. Token costs
 * are summed per line and then checked on the whole rendered block.
 */
export function buildSkillCatalog(
  skills: readonly CatalogSkill[],
  options: CatalogOptions = {},
): SkillCatalog {
  const counter = options.tokenCounter ?? o200kCounter;
  const budget = budgetTokens(options.budget ?? DEFAULT_CATALOG_BUDGET);
  const maxChars = options.maxDescriptionChars ?? DEFAULT_MAX_DESCRIPTION_CHARS;
  const minChars = Math.min(options.minDescriptionChars ?? DEFAULT_MIN_DESCRIPTION_CHARS, maxChars);
  const { items, unlisted } = listSkills(skills, options);
  const scanDiagnostics = scanDescriptions(items, options);
  const result = fitWithinBudget(items, { cap: maxChars, minChars, budget }, counter);

  const text = renderSkillCatalog(result.entries, result.dropped.length);
  const byName = new Map(items.map((i) => [i.name, i]));
  const cut = result.entries
    .filter((e) => {
      const item = byName.get(e.name);
      return item?.mode === 'auto' && e.description !== item.full;
    })
    .map((e) => e.name);
  for (const d of result.dropped) unlisted.push({ name: d.name, reason: 'budget' });
  unlisted.sort((a, b) => cmp(a.name, b.name));

  const diagnostics = [...scanDiagnostics, ...fitDiagnostics(result, cut, maxChars, budget)];
  const report: Mutable<CatalogReport> = {
    budgetTokens: budget,
    tokens: counter.count(text),
    cut,
    unlisted,
  };
  if (result.sharedCap !== undefined) report.sharedCap = result.sharedCap;
  return deepFreeze({
    entries: result.entries,
    dropped: result.dropped.length,
    text,
    report,
    diagnostics,
  });
}

const cmp = compareCodeUnits;
