/**
 * @module history/verify-summary
 * The optional verification pass of a drafted summary (a model checks the draft against the
 * facts the ledger expected): the verifier returns the facts the draft lost, or a corrected
 * summary. Lost facts send the draft back to the summariser with those facts named, a bounded
 * number of times; what is still missing after that is appended by the ledger check as always.
 * Without a verifier nothing changes.
 */
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import type { Fact } from './facts.js';
import type { Summarizer, SummaryRequest } from './summary.js';

/** What a verifier is given. */
export interface VerifyRequest {
  /** The drafted summary. */
  readonly summary: string;
  /** The facts the ledger expects it to hold. */
  readonly ledger: readonly Fact[];
  /** 1 for the first draft, 2 for the first redraft, … */
  readonly attempt: number;
}

/** A verifier's answer: the facts the summary lost (none: it passes), or a corrected summary. */
export type VerifyResult = { readonly missing: readonly Fact[] } | { readonly summary: string };

/** Checks a drafted summary, typically with a model (see `renderSummaryPrompt`). */
export type SummaryVerifier = (request: VerifyRequest) => Promise<VerifyResult>;

/** The summary after verification, and what the pass did. */
export interface VerifiedSummary {
  readonly text: string;
  /** Verifier calls made. */
  readonly rounds: number;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Runs `verify` on `draft`, redrafting with `summarizer` (the request names the lost facts in
 * `missing`) while facts are reported lost, at most `retries` times.
 */
export async function verifySummary(
  draft: string,
  request: SummaryRequest,
  summarizer: Summarizer,
  verify: SummaryVerifier,
  retries: number,
): Promise<VerifiedSummary> {
  let text = draft;
  const max = Math.max(0, Math.floor(retries));
  for (let attempt = 1; attempt <= max + 1; attempt++) {
    const r = await verify({ summary: text, ledger: request.ledger, attempt });
    if ('summary' in r) {
      text = r.summary;
      continue;
    }
    if (r.missing.length === 0) return { text, rounds: attempt, diagnostics: [] };
    if (attempt > max) {
      const lost = r.missing.map((f) => f.value.slice(0, 60)).join('; ');
      return {
        text,
        rounds: attempt,
        diagnostics: [
          diagnostic(
            'W_HISTORY_VERIFY_UNRESOLVED',
            'warning',
            `the verifier still reports ${r.missing.length} lost fact(s) after ${max} redraft(s) (${lost}); the ledger check appends what is not verbatim`,
          ),
        ],
      };
    }
    text = await summarizer({ ...request, missing: r.missing });
  }
  return { text, rounds: max + 1, diagnostics: [] };
}
