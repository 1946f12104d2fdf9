import { describe, expect, it } from 'vitest';
import { estimateCounter } from '../tokens/index.js';
import { compactHistory } from './compact.js';
import type { CompactOptions } from './compaction-types.js';
import type { Fact } from './facts.js';
import type { History, Message } from './message.js';
import type { Summarizer, SummaryRequest } from './summary.js';
import type { VerifyRequest, VerifyResult } from './verify-summary.js';

const ERROR = 'Error: TS2345 at src/report/csv.ts:88:14';

function history(): History {
  const h: Message[] = [{ id: 'u0', role: 'user', parts: [{ type: 'text', text: 'Fix it.' }] }];
  for (let i = 0; i < 30; i++) {
    h.push({
      id: `a${i}`,
      role: 'assistant',
      parts: [{ type: 'tool-call', id: `c${i}`, name: 'run', input: { i } }],
    });
    const rows = Array.from({ length: 60 }, (_, k) => `step ${i} line ${k}`);
    if (i === 3) rows.push(ERROR);
    h.push({
      id: `t${i}`,
      role: 'tool',
      parts: [{ type: 'tool-result', toolCallId: `c${i}`, content: rows.join('\n') }],
    });
    if (i % 10 === 9)
      h.push({ id: `u${i}`, role: 'user', parts: [{ type: 'text', text: 'go on' }] });
  }
  return h;
}

/** A scripted model: the first draft leaves the error out; a redraft writes what it is told. */
function scriptedModel() {
  const requests: SummaryRequest[] = [];
  const summarizer: Summarizer = async (r) => {
    requests.push(r);
    const told = (r.missing ?? []).map((f) => `- ${f.value}`);
    const others = r.ledger.filter((f) => f.value !== ERROR).map((f) => `- ${f.value}`);
    return ['## Summary', ...others, ...told].join('\n');
  };
  return { summarizer, requests };
}

const options = (extra: Partial<CompactOptions>): CompactOptions => ({
  budget: { window: 12_000, target: 0.5, soft: 0.6, hard: 0.9 },
  tokenCounter: estimateCounter,
  minElideTokens: 100,
  force: true,
  ...extra,
});

/** A deterministic verifier: the ledger facts not verbatim in the draft. */
function checker(calls: VerifyRequest[]) {
  return async (r: VerifyRequest): Promise<VerifyResult> => {
    calls.push(r);
    return { missing: r.ledger.filter((f: Fact) => !r.summary.includes(f.value)) };
  };
}

describe('compactHistory verify pass', () => {
  it('sends a draft that lost a fact back to the summariser with the fact named', async () => {
    const { summarizer, requests } = scriptedModel();
    const calls: VerifyRequest[] = [];
    const r = await compactHistory(history(), options({ summarizer, verify: checker(calls) }));
    expect(r.ledger.map((f) => f.value)).toContain(ERROR);
    expect(calls.map((c) => c.attempt)).toEqual([1, 2]);
    expect(calls[0]!.summary).not.toContain(ERROR);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.missing?.map((f) => f.value)).toEqual([ERROR]);
    // the redraft holds it: nothing had to be appended by the ledger check
    expect(r.restoredFacts).toEqual([]);
    expect(r.summary?.text).toContain(`- ${ERROR}`);
    expect(r.diagnostics.map((d) => d.code)).not.toContain('W_HISTORY_FACTS_RESTORED');
  });

  it('stops after the bounded retries and lets the ledger check append the rest', async () => {
    const requests: SummaryRequest[] = [];
    const stubborn: Summarizer = async (q) => {
      requests.push(q);
      return '## Summary\n- nothing useful';
    };
    const calls: VerifyRequest[] = [];
    const r = await compactHistory(
      history(),
      options({ summarizer: stubborn, verify: checker(calls), verifyRetries: 1 }),
    );
    expect(calls).toHaveLength(2);
    expect(requests).toHaveLength(2);
    const codes = r.diagnostics.map((d) => d.code);
    expect(codes).toContain('W_HISTORY_VERIFY_UNRESOLVED');
    expect(codes).toContain('W_HISTORY_FACTS_RESTORED');
    expect(r.summary?.text).toContain(ERROR);
  });

  it('takes a corrected summary from the verifier and checks it again', async () => {
    const { summarizer, requests } = scriptedModel();
    const calls: VerifyRequest[] = [];
    const verify = async (q: VerifyRequest): Promise<VerifyResult> => {
      calls.push(q);
      return q.attempt === 1 ? { summary: `${q.summary}\n- corrected: ${ERROR}` } : { missing: [] };
    };
    const r = await compactHistory(history(), options({ summarizer, verify }));
    expect(calls).toHaveLength(2);
    expect(calls[1]!.summary).toContain(`- corrected: ${ERROR}`);
    expect(requests).toHaveLength(1);
    expect(r.summary?.text).toContain(`- corrected: ${ERROR}`);
    expect(r.restoredFacts).toEqual([]);
  });
});
