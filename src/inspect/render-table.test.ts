import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BuildReport } from '../prompt/index.js';
import { contextTable } from './render-table.js';
import type { Inspection } from './types.js';
import { usageReport } from './usage.js';

const GOLDEN = join(dirname(fileURLToPath(import.meta.url)), '__golden__');
const update = process.env.UPDATE_GOLDEN === '1';

function golden(name: string, actual: string): void {
  const file = join(GOLDEN, name);
  if (update) writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

const section = (name: string, tier: 'static' | 'dynamic', tokens: number) => ({
  name,
  tier,
  status: 'rendered' as const,
  volatile: false,
  bytes: tokens * 4,
  tokens,
});

const REPORT: BuildReport = {
  sections: [
    section('identity', 'static', 5_000),
    section('environment', 'dynamic', 300),
    section('repository-context', 'dynamic', 4_200),
    section('available-skills', 'dynamic', 800),
    section('memory', 'dynamic', 600),
    section('current-plan', 'dynamic', 1_500),
  ],
  totals: {
    static: { sections: 1, bytes: 20_000, tokens: 5_000 },
    dynamic: { sections: 5, bytes: 29_600, tokens: 7_410 },
    total: { sections: 6, bytes: 49_602, tokens: 12_411 },
  },
  tokenizer: 'o200k_base',
  staticFromCache: false,
};

function inspection(window: number, session: boolean): Inspection {
  const usage = usageReport({
    prompt: REPORT,
    toolTokens: 3_100,
    history: session
      ? { conversation: 41_000, toolResultsVerbatim: 88_000, toolResultsElided: 2_400 }
      : undefined,
    window,
  });
  return {
    usage,
    tokenizer: 'o200k_base',
    cache: { provider: 'anthropic', model: 'claude-sonnet-4-6' },
    session: session ? { id: 's-150k', messages: 412, compactions: [{}, {}] } : undefined,
  } as unknown as Inspection;
}

describe('contextTable', () => {
  it('prints the prompt-only table (golden)', () => {
    golden('context-prompt.txt', contextTable(inspection(200_000, false)));
  });

  it('prints a long session against its window (golden)', () => {
    golden('context-session.txt', contextTable(inspection(200_000, true)));
  });

  it('says when the context is over the window (golden)', () => {
    const text = contextTable(inspection(100_000, true));
    expect(text).toContain('OVER THE WINDOW');
    golden('context-over.txt', text);
  });
});

describe('usageReport', () => {
  it('carves the four dynamic sections out of the dynamic tier; the separators stay in it', () => {
    const u = usageReport({ prompt: REPORT, toolTokens: 0, window: 20_000 });
    const by = Object.fromEntries(u.rows.map((r) => [r.category, r.tokens]));
    expect(by['dynamic-system']).toBe(7_410 - 4_200 - 800 - 600 - 1_500);
    expect(u.used).toBe(5_000 + 7_410);
    expect(by.free).toBe(20_000 - u.used);
  });
});
