/**
 * @module session/memory
 * User-level and project-level memory files, merged under one budget. The project tier comes last
 * (closest wins); a tier that needs less than its share gives the rest to the other; a tier over
 * its share loses whole lines from the top (the oldest), with a visible marker saying how many.
 */
import type { Diagnostic } from '../diagnostics/index.js';
import { diagnostic } from '../diagnostics/index.js';
import { defaultTokenCounter, type TokenCounter } from '../tokens/index.js';

/** One memory tier's text and where it came from. */
export interface MemoryTierInput {
  readonly scope: 'user' | 'project';
  /** Display path (e.g. `~/.config/ctxloom/memory/MEMORY.md`). */
  readonly path: string;
  readonly text: string;
}

/** A budget in characters or tokens. */
export type MemoryBudget =
  | { readonly chars: number }
  | { readonly tokens: number; readonly tokenCounter?: TokenCounter };

/** The merged memory. */
export interface MemoryResult {
  /** Text for the prompt context's `memory` field ('' when empty). */
  readonly text: string;
  /** Per tier: size kept and lines cut. */
  readonly tiers: readonly {
    readonly scope: string;
    readonly path: string;
    readonly kept: number;
    readonly linesCut: number;
  }[];
  readonly diagnostics: readonly Diagnostic[];
}

export const DEFAULT_MEMORY_BUDGET: MemoryBudget = Object.freeze({ tokens: 2000 });

function measureFor(budget: MemoryBudget): (text: string) => number {
  if ('chars' in budget) return (t) => t.length;
  const counter = budget.tokenCounter ?? defaultTokenCounter;
  return (t) => counter.count(t);
}

/** Keeps the newest whole lines of `text` that fit in `limit`, with a marker when lines were cut. */
function keepNewest(
  text: string,
  limit: number,
  measure: (t: string) => number,
  path: string,
): { text: string; linesCut: number } {
  const lines = text.trimEnd().split('\n');
  if (measure(lines.join('\n')) <= limit) return { text: lines.join('\n'), linesCut: 0 };
  const kept: string[] = [];
  let cut = lines.length;
  const marker = (n: number) =>
    `[${n} older line${n === 1 ? '' : 's'} of ${path} not shown; read the file for all of it]`;
  for (let i = lines.length - 1; i >= 0; i--) {
    const candidate = [marker(i), lines[i] as string, ...kept].join('\n');
    if (measure(candidate) > limit) break;
    kept.unshift(lines[i] as string);
    cut = i;
  }
  return { text: [marker(cut), ...kept].join('\n'), linesCut: cut };
}

/**
 * Merges memory tiers (user first, project last) under `budget`, split evenly; a tier that needs
 * less than its share leaves the rest to the other. Pure.
 */
export function mergeMemory(
  tiers: readonly MemoryTierInput[],
  budget: MemoryBudget = DEFAULT_MEMORY_BUDGET,
): MemoryResult {
  const measure = measureFor(budget);
  const limit = 'chars' in budget ? budget.chars : budget.tokens;
  const ordered = [...tiers]
    .filter((t) => t.text.trim() !== '')
    .sort((a, b) => (a.scope === b.scope ? 0 : a.scope === 'user' ? -1 : 1));
  const wrap = (t: MemoryTierInput, body: string) => `## ${t.scope} memory (${t.path})\n${body}`;
  const headers = ordered.map((t) => measure(wrap(t, '')));
  const needs = ordered.map((t, i) => measure(wrap(t, t.text.trimEnd())) - (headers[i] ?? 0));
  const available = Math.max(
    0,
    limit - headers.reduce((a, b) => a + b, 0) - 2 * Math.max(0, ordered.length - 1),
  );
  const shares = ordered.map(() =>
    ordered.length === 0 ? 0 : Math.floor(available / ordered.length),
  );
  // give a short tier's unused share to the others
  let spare = 0;
  shares.forEach((s, i) => {
    if ((needs[i] ?? 0) < s) {
      spare += s - (needs[i] ?? 0);
      shares[i] = needs[i] ?? 0;
    }
  });
  shares.forEach((s, i) => {
    if (spare > 0 && (needs[i] ?? 0) > s) {
      const extra = Math.min(spare, (needs[i] ?? 0) - s);
      shares[i] = s + extra;
      spare -= extra;
    }
  });
  const diagnostics: Diagnostic[] = [];
  const parts: string[] = [];
  const report = ordered.map((t, i) => {
    const kept = keepNewest(t.text, shares[i] ?? 0, measure, t.path);
    if (kept.linesCut > 0) {
      diagnostics.push(
        diagnostic(
          'W_MEMORY_TRUNCATED',
          'warning',
          `${kept.linesCut} older line(s) of ${t.scope} memory left out to fit the memory budget`,
          { file: t.path },
        ),
      );
    }
    parts.push(wrap(t, kept.text));
    return { scope: t.scope, path: t.path, kept: measure(kept.text), linesCut: kept.linesCut };
  });
  return Object.freeze({
    text: parts.join('\n\n'),
    tiers: Object.freeze(report),
    diagnostics: Object.freeze(diagnostics),
  });
}
