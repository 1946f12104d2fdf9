// Compaction on the six real transcripts of ../shared/corpora/transcripts (issue 14), as
// properties that must hold at each of the five scenarios. The figures themselves (facts kept
// against the baselines, landing ratios, times) are in bench/compaction-real.bench.mjs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPACTION_SCENARIOS as SCENARIOS } from '../../bench/_util.mjs';
import { o200kCounter } from '../tokens/index.js';
import { compactHistory } from './compact.js';
import { referenceFacts, visibleText } from './reference-facts.js';
import { historyTokens } from './token-count.js';
import { readTranscript } from './transcript.js';
import { validateHistory } from './validate.js';

const DIR = '../shared/corpora/transcripts';
const files = existsSync(DIR)
  ? readdirSync(DIR)
      .filter((f) => f.endsWith('.json.gz'))
      .sort()
  : [];

describe.skipIf(files.length === 0)('compaction of real transcripts', () => {
  it.each(files)(
    '%s: within target at every scenario, valid, with the task and requirements kept',
    async (file) => {
      const value = JSON.parse(gunzipSync(readFileSync(join(DIR, file))).toString('utf8'));
      const history = readTranscript(value).history;
      const facts = referenceFacts(history);
      const must = facts.filter((f) => f.kind === 'task' || f.kind === 'requirement');
      expect(facts.some((f) => f.kind === 'task')).toBe(true);
      const tokens = historyTokens(history, o200kCounter);
      for (const [occupancy, target] of SCENARIOS) {
        const window = Math.round(tokens / occupancy);
        const r = await compactHistory(history, {
          budget: { window, target, soft: Math.max(0.75, target), hard: 0.92 },
          tokenCounter: o200kCounter,
        });
        const where = `${file} at ${occupancy}/${target}`;
        // within target, or it says why
        if (r.tokensAfter > r.targetTokens) {
          expect(['over-target', 'no-legal-cut'], where).toContain(r.status);
          expect(
            r.diagnostics.some(
              (d) => d.code === 'W_HISTORY_OVER_TARGET' || d.code === 'E_HISTORY_NO_LEGAL_CUT',
            ),
            where,
          ).toBe(true);
        }
        // a long tool loop with thinking no longer blocks every cut
        expect(r.status, where).toBe('compacted');
        expect(validateHistory(r.history), where).toEqual([]);
        const text = visibleText(r.history);
        expect(
          must.filter((f) => !text.includes(f.value)).map((f) => f.value),
          where,
        ).toEqual([]);
        // the self-check agrees with the text
        if (r.factsSurvived) for (const f of r.ledger) expect(text, where).toContain(f.value);
      }
    },
    60_000,
  );
});
