/**
 * @module prompt/retrieved-documents
 * Passages a retriever found for this turn, on their way into the `retrieved-documents` section:
 * each passage passes the one scan gate as untrusted text (blocked: left out with a diagnostic;
 * flagged: the gate's warning wrapper around it) and the whole set fits a token budget. The gate
 * is injected (the engine passes safety's `gateUntrusted`), so this module stays pure.
 */
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import { defaultTokenCounter, type TokenCounter } from '../tokens/index.js';
import { neutraliseWrapperTags, tag } from './tag.js';

/** One retrieved passage. */
export interface RetrievedPassage {
  /** Where it comes from: a path, a URL or a document id, shown to the model. */
  readonly source: string;
  /** The passage text (after the gate: possibly inside the flagged wrapper). */
  readonly text: string;
}

/** What the gate decides for one passage (safety's `GateResult` fits). */
export interface PassageGateResult {
  /** False when blocked: the passage is left out. */
  readonly allowed: boolean;
  /** What the model may see (the flagged wrapper for a flagged passage). */
  readonly text: string;
  /** The gate's own diagnostics (`E_SCAN_BLOCKED`, `W_SCAN_FLAGGED`, ...). */
  readonly diagnostics: readonly Diagnostic[];
}

/** The one scan gate, as this module calls it. */
export type PassageGate = (text: string, source: string) => PassageGateResult;

/** Default token budget of the passages (rendered, wrappers included). */
export const DEFAULT_RETRIEVED_TOKENS = 4000;

/** Options of {@link prepareRetrievedDocuments}. */
export interface PrepareRetrievedOptions {
  /** The scan gate every passage passes. */
  readonly gate: PassageGate;
  /** Token budget of the rendered passages. Default {@link DEFAULT_RETRIEVED_TOKENS}. */
  readonly maxTokens?: number | undefined;
  /** Default ctxloom's o200k counter. */
  readonly tokenCounter?: TokenCounter | undefined;
}

/** What goes into the context: `retrievedDocuments`, `retrievedOmitted`, and why. */
export interface PreparedRetrieved {
  readonly passages: readonly RetrievedPassage[];
  readonly omitted: number;
  readonly diagnostics: readonly Diagnostic[];
}

/** One passage exactly as the section renders it (the budget measures this text). */
export function renderPassage(p: RetrievedPassage): string {
  return tag('retrieved-passage', neutraliseWrapperTags(p.text), { source: p.source });
}

/**
 * Gates and budgets retrieved passages, in the caller's order: a blocked passage is left out
 * (`W_RETRIEVED_BLOCKED`), a flagged one is kept inside the gate's wrapper, and passages are kept
 * while their rendered tokens fit `maxTokens` (a passage that does not fit is left out,
 * `W_RETRIEVED_BUDGET`, and later, smaller ones may still fit). Blank passages are left out silently
 * (they render nothing).
 * @example const r = prepareRetrievedDocuments(hits, { gate: (t, s) => gateUntrusted(t, { source: s, scanner: scan }) });
 */
export function prepareRetrievedDocuments(
  passages: readonly RetrievedPassage[],
  options: PrepareRetrievedOptions,
): PreparedRetrieved {
  const counter = options.tokenCounter ?? defaultTokenCounter;
  const budget = options.maxTokens ?? DEFAULT_RETRIEVED_TOKENS;
  const kept: RetrievedPassage[] = [];
  const diagnostics: Diagnostic[] = [];
  let used = 0;
  let omitted = 0;
  for (const p of passages) {
    if (p.text.trim() === '') continue;
    const gate = options.gate(p.text, p.source);
    diagnostics.push(...gate.diagnostics);
    if (!gate.allowed) {
      omitted++;
      diagnostics.push(
        diagnostic(
          'W_RETRIEVED_BLOCKED',
          'warning',
          `retrieved passage from ${p.source} left out: the injection scanner blocked it`,
          { file: p.source },
        ),
      );
      continue;
    }
    const passage = { source: p.source, text: gate.text };
    const tokens = counter.count(`${renderPassage(passage)}\n\n`);
    if (used + tokens > budget) {
      omitted++;
      diagnostics.push(
        diagnostic(
          'W_RETRIEVED_BUDGET',
          'warning',
          `retrieved passage from ${p.source} (${tokens} tokens) left out: the retrieved-documents budget of ${budget} tokens is used up`,
          { file: p.source },
        ),
      );
      continue;
    }
    used += tokens;
    kept.push(passage);
  }
  return Object.freeze({
    passages: Object.freeze(kept),
    omitted,
    diagnostics: Object.freeze(diagnostics),
  });
}
