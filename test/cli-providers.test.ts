import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_REPO } from './helpers/cli-process.js';
import { runInProcess } from './helpers/memory-io.js';

const NOW = ['--now', '2026-01-01T09:30:00Z'];
const tmp = mkdtempSync(join(tmpdir(), 'ctxloom-providers-'));
const file = (name: string, content: unknown) => {
  const path = join(tmp, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

describe('ctxloom payload', () => {
  it('prints an Anthropic body with the static and dynamic system blocks', async () => {
    const transcript = file('t.json', [{ role: 'user', content: 'Fix the rounding bug.' }]);
    const r = await runInProcess(['payload', DEMO_REPO, ...NOW, '--transcript', transcript]);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(body.model).toBe('claude-sonnet-4-6');
    expect(body.system).toHaveLength(2);
    // the clock is delivered after the latest user message, so it never invalidates the history
    expect(body.system[1].text).not.toMatch(/Current date and time/);
    expect(body.messages[0]).toEqual({
      role: 'user',
      content: [
        // the sliding breakpoint sits on the user's text, before the clock
        { type: 'text', text: 'Fix the rounding bug.', cache_control: { type: 'ephemeral' } },
        { type: 'text', text: 'Current date and time: 2026-01-01T09:30:00Z (Thursday, UTC).' },
      ],
    });
  });

  it('--repository user moves the instruction files into the first user message', async () => {
    const transcript = file('t2.json', [{ role: 'user', content: 'Fix the rounding bug.' }]);
    const r = await runInProcess([
      'payload',
      DEMO_REPO,
      ...NOW,
      '--transcript',
      transcript,
      '--repository',
      'user',
    ]);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(JSON.stringify(body.system)).not.toContain('<instruction-files>');
    expect(body.messages[0].content[0].text).toMatch(/^<instruction-files>/);
    expect(body.messages[0].content[1].text).toBe('Fix the rounding bug.');
    const bad = await runInProcess(['payload', DEMO_REPO, '--repository', 'elsewhere']);
    expect(bad.code).toBe(2);
  });

  it('prints OpenAI chat, Responses and AI SDK bodies', async () => {
    const chat = JSON.parse(
      (await runInProcess(['payload', DEMO_REPO, ...NOW, '--provider', 'openai'])).stdout,
    );
    expect(chat.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'system']);
    expect(chat.prompt_cache_key).toMatch(/^ctxloom-[0-9a-f]{16}$/);
    const responses = JSON.parse(
      (await runInProcess(['payload', DEMO_REPO, ...NOW, '--provider', 'openai-responses'])).stdout,
    );
    expect(typeof responses.instructions).toBe('string');
    const ai = JSON.parse(
      (await runInProcess(['payload', DEMO_REPO, ...NOW, '--provider', 'ai-sdk'])).stdout,
    );
    // the one planner decides for both: the static tier alone is below the 1024-token minimum,
    // the prefix through the dynamic tier is not
    const anthropic = JSON.parse((await runInProcess(['payload', DEMO_REPO, ...NOW])).stdout);
    type Sys = {
      cache_control?: unknown;
      providerOptions?: { anthropic: { cacheControl: unknown } };
    };
    expect(ai.system.map((s: Sys) => s.providerOptions?.anthropic.cacheControl)).toEqual(
      anthropic.system.map((s: Sys) => s.cache_control),
    );
    expect(ai.system[1].providerOptions.anthropic.cacheControl).toEqual({ type: 'ephemeral' });
    // --model reaches the AI SDK planner: a model with a 4096-token minimum gets no marker on a
    // prompt of ~1,500 tokens, as the Anthropic builder decides for the same model
    const model = ['--model', 'claude-haiku-4-5'];
    const aiHaiku = JSON.parse(
      (await runInProcess(['payload', DEMO_REPO, ...NOW, '--provider', 'ai-sdk', ...model])).stdout,
    );
    const anthropicHaiku = JSON.parse(
      (await runInProcess(['payload', DEMO_REPO, ...NOW, ...model])).stdout,
    );
    expect(anthropicHaiku.system.map((s: Sys) => s.cache_control)).toEqual([undefined, undefined]);
    expect(aiHaiku.system.map((s: Sys) => s.providerOptions?.anthropic.cacheControl)).toEqual([
      undefined,
      undefined,
    ]);
  });

  it('the OpenAI cache key does not change with the clock', async () => {
    const a = JSON.parse(
      (
        await runInProcess([
          'payload',
          DEMO_REPO,
          '--provider',
          'openai',
          '--now',
          '2026-01-01T00:00:00Z',
        ])
      ).stdout,
    );
    const b = JSON.parse(
      (
        await runInProcess([
          'payload',
          DEMO_REPO,
          '--provider',
          'openai',
          '--now',
          '2026-02-01T00:00:00Z',
        ])
      ).stdout,
    );
    expect(a.prompt_cache_key).toBe(b.prompt_cache_key);
    expect(a.messages[1].content).not.toBe(b.messages[1].content);
  });

  it('exits 2 on a bad transcript', async () => {
    const bad = file('bad.json', '{ not json');
    const r = await runInProcess(['payload', DEMO_REPO, '--transcript', bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad\.json: invalid JSON/);
  });
});

describe('ctxloom cache-sim and diff', () => {
  const staticText = `static ${'rule '.repeat(1500)}`;
  const body = (turn: number) => ({
    model: 'claude-sonnet-4-6',
    max_tokens: 100,
    system: [
      { type: 'text', text: staticText, cache_control: { type: 'ephemeral', ttl: '1h' } },
      { type: 'text', text: `turn ${turn}`, cache_control: { type: 'ephemeral' } },
    ],
    messages: [{ role: 'user', content: 'hi' }],
  });

  it('predicts cache reads per turn from a JSONL trace', async () => {
    const trace = file('trace.jsonl', [1, 2, 3].map((t) => JSON.stringify(body(t))).join('\n'));
    const r = await runInProcess(['cache-sim', trace, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.turns[0].cacheRead).toBe(0);
    expect(out.turns[1].cacheRead).toBeGreaterThan(1000);
    expect(out.totals.hitRatio).toBeGreaterThan(0.5);
    const text = await runInProcess(['cache-sim', trace]);
    expect(text.stdout).toMatch(/^total\s/m);
  });

  it('explains where two bodies diverge and exits 1', async () => {
    const a = file('a.json', body(1));
    const b = file('b.json', body(2));
    const r = await runInProcess(['diff', a, b]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/system\[1\], character 5/);
    const same = await runInProcess(['diff', a, a]);
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(/no cache miss/);
  });
});
