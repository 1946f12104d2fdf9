import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProject } from '../project/index.js';
import { createPresetRegistry } from '../prompt/index.js';
import { FileSessionStore } from '../session/index.js';
import { inspectContext } from './inspect-context.js';
import {
  DEMO_REPO,
  ELIDED_REF,
  HOSTILE_SCRIPT,
  hostileProject,
  SESSION_ID,
} from './test-helpers/hostile-project.js';

const NOW = new Date('2026-01-01T00:00:00Z');
const HOME = '/nonexistent-home-for-inspect-tests';

async function inspectRepo(
  repo: string,
  extra: Partial<Parameters<typeof inspectContext>[0]> = {},
) {
  const project = await loadProject({ cwd: repo, home: HOME, now: NOW, userGlobal: false });
  const prompt = createPresetRegistry().build(project.context);
  return { project, prompt, x: inspectContext({ project, prompt, ...extra }) };
}

async function storedSession(repo: string) {
  return new FileSessionStore(join(repo, '.ctxloom', 'sessions'), { root: repo }).load(SESSION_ID);
}

describe('inspectContext on the demo project', () => {
  it('lists every section of the build report with its tier, status and tokens', async () => {
    const { prompt, x } = await inspectRepo(DEMO_REPO);
    expect(x.sections.map((s) => [s.name, s.tier, s.status, s.tokens])).toEqual(
      prompt.report.sections.map((s) => [s.name, s.tier, s.status, s.tokens]),
    );
    expect(x.tiers.static.tokens).toBe(prompt.report.totals.static.tokens);
    expect(x.text.static).toBe(prompt.static);
  });

  it('splits usage into categories that add up to both tiers, the rest of the window free', async () => {
    const { prompt, x } = await inspectRepo(DEMO_REPO, { window: 10_000 });
    const by = Object.fromEntries(x.usage.rows.map((r) => [r.category, r.tokens]));
    const section = (n: string) => prompt.report.sections.find((s) => s.name === n)?.tokens;
    expect(by['instruction-files']).toBe(section('repository-context'));
    expect(by['skills-catalog']).toBe(section('available-skills'));
    expect(by.memory).toBe(section('memory'));
    expect(by.plan).toBe(section('current-plan'));
    const t = prompt.report.totals;
    expect(x.usage.used).toBe(t.static.tokens + t.dynamic.tokens);
    expect(by.free).toBe(10_000 - x.usage.used);
    expect(x.usage.rows.at(-1)?.category).toBe('free');
  });

  it('says over and leaves no free space when the window is too small', async () => {
    const { x } = await inspectRepo(DEMO_REPO, { window: 100 });
    expect(x.usage.over).toBe(true);
    expect(x.usage.rows.find((r) => r.category === 'free')?.tokens).toBe(0);
  });

  it('places breakpoints for anthropic and none for openai, with the static boundary', async () => {
    const a = (await inspectRepo(DEMO_REPO)).x;
    expect(a.cache.breakpoints.map((b) => b.slot)).toEqual([
      'tools',
      'static',
      'dynamic',
      'latest-message',
    ]);
    // the demo prompt is below the 1024-token minimum: the planner says so
    expect(a.cache.breakpoints.find((b) => b.slot === 'static')?.note).toMatch(
      /below the model's minimum/,
    );
    expect(a.cache.boundaryTokens).toBeGreaterThan(0);
    const o = (await inspectRepo(DEMO_REPO, { provider: 'openai' })).x;
    expect(o.cache.breakpoints).toEqual([]);
    expect(o.cache.model).toBe('gpt-4.1');
  });

  it('counts the tools row with the tool cost of the definitions', async () => {
    const tool = {
      name: 'read_file',
      description: 'Reads a file.',
      inputSchema: { type: 'object' as const, properties: { path: { type: 'string' } } },
    };
    const { x } = await inspectRepo(DEMO_REPO, { tools: [tool] });
    const tokens = x.usage.rows.find((r) => r.category === 'tools')?.tokens ?? 0;
    expect(tokens).toBeGreaterThan(10);
    expect(x.tools).toEqual([{ name: 'read_file', tokens: expect.any(Number) }]);
  });
});

describe('inspectContext on a hostile project with a session', () => {
  it('lists sources with provenance and the scanner findings with rule, line and excerpt', async () => {
    const repo = hostileProject();
    const { x } = await inspectRepo(repo);
    const claude = x.sources.find((s) => s.path === 'CLAUDE.md');
    expect(claude?.status).toBe('blocked');
    expect(claude?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const f = x.findings.find((r) => r.ruleId === 'override.ignore-previous');
    expect(f).toMatchObject({ source: 'CLAUDE.md', excerpt: 'Ignore all previous instructions' });
    expect(f?.line).toBeGreaterThan(1);
    expect(x.sources.some((s) => s.role === 'rule' && s.path === '.cursor/rules/http.mdc')).toBe(
      true,
    );
  });

  it('labels the history, reads the compaction from the record and the fragments', async () => {
    const repo = hostileProject();
    const session = await storedSession(repo);
    const { x } = await inspectRepo(repo, { session });
    const s = x.session;
    expect(s?.id).toBe(SESSION_ID);
    const kinds = s?.items.map((i) => i.fragment ?? i.kind);
    expect(kinds).toEqual([
      'summary',
      'user',
      'tool-call',
      'tool-result',
      'tool-call',
      'elided-result',
      'assistant',
    ]);
    expect(s?.items.find((i) => i.kind === 'tool-result')?.preview).toContain(HOSTILE_SCRIPT);
    expect(s?.compactions).toEqual([
      expect.objectContaining({
        tokensBefore: 9000,
        tokensAfter: 1200,
        elided: [{ messageId: 'm14', ref: ELIDED_REF }],
        summarized: ['m0..m9'],
        detail: 'record',
      }),
    ]);
    const by = Object.fromEntries(x.usage.rows.map((r) => [r.category, r.tokens]));
    expect(by['tool-results-verbatim']).toBeGreaterThan(0);
    expect(by['tool-results-elided']).toBeGreaterThan(0);
    expect(by.history).toBeGreaterThan(0);
    const sum =
      (by.history ?? 0) + (by['tool-results-verbatim'] ?? 0) + (by['tool-results-elided'] ?? 0);
    expect(sum).toBe(s?.historyTokens);
  });

  it('predicts the cache per assistant turn and takes the reported side from the ledger', async () => {
    const repo = hostileProject();
    const session = await storedSession(repo);
    const plain = (await inspectRepo(repo, { session })).x.session;
    expect(plain?.timeline.map((t) => t.label)).toEqual(['m11', 'm13', 'm15']);
    expect(
      plain?.timeline.every(
        (t) => t.predictedHitRatio !== undefined && t.reportedHitRatio === undefined,
      ),
    ).toBe(true);
    expect(plain?.cache.hitRatio).toBeCloseTo(6000 / 9000);
    const usage = {
      inputTotal: 1000,
      inputUncached: 200,
      cacheRead: 800,
      cacheWrite: 0,
      cacheWrite1h: 0,
      output: 10,
    };
    const ledger = [{ ...usage, turn: 1, label: 'm13' }];
    const live = (await inspectRepo(repo, { session, ledger: ledger as never })).x.session;
    const m13 = live?.timeline.find((t) => t.label === 'm13');
    expect(m13?.reportedHitRatio).toBeCloseTo(0.8);
    expect(m13?.reportedRelativeCost).toBeCloseTo(0.2 + 0.8 * 0.1);
    expect(live?.timeline.find((t) => t.label === 'm11')?.reportedHitRatio).toBeUndefined();
  });

  it('is the same value for the same input (byte-stable JSON)', async () => {
    const repo = hostileProject();
    const session = await storedSession(repo);
    const a = JSON.stringify((await inspectRepo(repo, { session })).x);
    const b = JSON.stringify((await inspectRepo(repo, { session })).x);
    expect(a).toBe(b);
  });
});
