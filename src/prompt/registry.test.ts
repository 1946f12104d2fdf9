import { describe, expect, it } from 'vitest';
import { CtxloomError } from '../diagnostics/index.js';
import { estimateCounter } from '../tokens/index.js';
import { createPromptContext, withContext } from './context.js';
import { SECTION_SEPARATOR, SectionRegistry } from './registry.js';
import { defineSection } from './section.js';

const text = (name: string, tier: 'static' | 'dynamic', body: string = name) =>
  defineSection({ name, tier, render: () => body });

const ctx = createPromptContext({ now: '2026-03-04T05:06:07Z' });

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return CtxloomError.isInstance(error) ? error.code : `not a CtxloomError: ${String(error)}`;
  }
  return undefined;
}

describe('SectionRegistry', () => {
  it('refuses a duplicate name and points to replace()', () => {
    const r = new SectionRegistry([text('a', 'static')]);
    expect(() => r.register(text('a', 'dynamic'))).toThrow(/already registered.*replace\("a"/);
    expect(codeOf(() => r.register(text('a', 'static')))).toBe('E_DUPLICATE_SECTION');
    expect(codeOf(() => r.insertAfter('a', text('a', 'static')))).toBe('E_DUPLICATE_SECTION');
  });

  it('replace() overrides in place and keeps the position', () => {
    const r = new SectionRegistry([text('a', 'static'), text('b', 'static'), text('c', 'static')]);
    r.replace('b', text('b', 'static', 'B2'));
    expect(r.names()).toEqual(['a', 'b', 'c']);
    expect(r.build(ctx).static).toBe(['a', 'B2', 'c'].join(SECTION_SEPARATOR));
    expect(codeOf(() => r.replace('zzz', text('zzz', 'static')))).toBe('E_UNKNOWN_SECTION');
  });

  it('insertBefore / insertAfter / remove keep registration order', () => {
    const r = new SectionRegistry([text('a', 'static'), text('c', 'static')]);
    r.insertBefore('c', text('b', 'static')).insertAfter('c', text('d', 'static'));
    expect(r.names()).toEqual(['a', 'b', 'c', 'd']);
    r.remove('a');
    expect(r.names()).toEqual(['b', 'c', 'd']);
    expect(codeOf(() => r.remove('a'))).toBe('E_UNKNOWN_SECTION');
    expect([...r].map((s) => s.name)).toEqual(['b', 'c', 'd']);
  });

  it('refuses a volatile section in the static tier', () => {
    const clock = defineSection({
      name: 'clock',
      tier: 'static',
      volatility: { volatile: true, reason: 'changes every turn' },
      render: (c) => c.now ?? null,
    });
    expect(codeOf(() => new SectionRegistry([clock]))).toBe('E_VOLATILE_STATIC');
  });

  it('renders volatile dynamic sections after all the others, whatever their registration order', () => {
    const r = new SectionRegistry([
      defineSection({
        name: 'clock',
        tier: 'dynamic',
        volatility: { volatile: true, reason: 'clock' },
        render: (c) => `now ${c.now}`,
      }),
      text('env', 'dynamic'),
      text('s1', 'static'),
      text('memory', 'dynamic'),
    ]);
    const built = r.build(ctx);
    expect(built.static).toBe('s1');
    expect(built.dynamic).toBe(
      ['env', 'memory', 'now 2026-03-04T05:06:07.000Z'].join(SECTION_SEPARATOR),
    );
    expect(built.report.sections.map((s) => s.name)).toEqual(['s1', 'env', 'memory', 'clock']);
  });

  it('keeps "not applicable" (skipped) apart from "nothing to add" (empty)', () => {
    const r = new SectionRegistry([
      defineSection({ name: 'guarded', tier: 'static', guard: () => false, render: () => 'never' }),
      defineSection({ name: 'nothing', tier: 'dynamic', render: () => null }),
      defineSection({ name: 'blank', tier: 'dynamic', render: () => '  \n\t ' }),
      text('real', 'dynamic'),
    ]);
    const built = r.build(ctx);
    const status = Object.fromEntries(built.report.sections.map((s) => [s.name, s.status]));
    expect(status).toEqual({
      guarded: 'skipped',
      nothing: 'empty',
      blank: 'empty',
      real: 'rendered',
    });
    expect(built.static).toBe('');
    expect(built.dynamic).toBe('real');
  });

  it('reports bytes and tokens per section and per tier, with separators counted', () => {
    const r = new SectionRegistry([
      text('a', 'static', 'héllo world'),
      text('b', 'static', 'second'),
      text('c', 'dynamic', 'x'),
    ]);
    const { report, static: st } = r.build(ctx);
    const a = report.sections.find((s) => s.name === 'a');
    expect(a?.bytes).toBe(12); // é is two bytes
    expect(a?.tokens).toBeGreaterThan(0);
    expect(report.totals.static.bytes).toBe(Buffer.byteLength(st));
    expect(report.totals.static.sections).toBe(2);
    expect(report.totals.total.tokens).toBe(
      report.totals.static.tokens + report.totals.dynamic.tokens + 1,
    );
    expect(report.tokenizer).toBe('o200k_base');
  });

  it('returns dynamic: null when no dynamic section rendered', () => {
    const r = new SectionRegistry([text('a', 'static')]);
    expect(r.build(ctx).dynamic).toBeNull();
  });

  it('memoises the static tier by its inputs and re-renders it when they change', () => {
    let renders = 0;
    const counted = defineSection({
      name: 'counted',
      tier: 'static',
      render: (c) => {
        renders++;
        return `tools: ${c.tools.join(',')}`;
      },
    });
    const r = new SectionRegistry([counted, text('d', 'dynamic')], {
      tokenCounter: estimateCounter,
    });
    const first = r.build(createPromptContext({ tools: ['bash'], now: '2026-01-01T00:00:00Z' }));
    const second = r.build(
      createPromptContext({ tools: ['bash'], now: '2026-01-01T00:01:00Z', cwd: '/x' }),
    );
    expect(renders).toBe(1);
    expect(first.report.staticFromCache).toBe(false);
    expect(second.report.staticFromCache).toBe(true);
    expect(second.static).toBe(first.static);
    const third = r.build(createPromptContext({ tools: ['bash', 'grep'] }));
    expect(renders).toBe(2);
    expect(third.static).toBe('tools: bash,grep');
    r.replace('counted', text('counted', 'static', 'replaced'));
    expect(r.build(createPromptContext({ tools: ['bash', 'grep'] })).static).toBe('replaced');
  });

  it('wraps a section that throws in a typed error naming it', () => {
    const r = new SectionRegistry([
      defineSection({
        name: 'broken',
        tier: 'dynamic',
        render: () => {
          throw new Error('boom');
        },
      }),
    ]);
    expect(() => r.build(ctx)).toThrow(/section "broken" threw.*boom/);
  });

  it('is byte-stable: the same state gives the same bytes', () => {
    const mk = () =>
      new SectionRegistry([
        text('a', 'static', 'α'),
        text('b', 'dynamic', 'β'),
        text('c', 'dynamic', 'γ'),
      ]);
    const a = mk().build(ctx);
    const b = mk().build(ctx);
    expect(`${a.static}|${a.dynamic}`).toBe(`${b.static}|${b.dynamic}`);
  });
});

describe('defineSection', () => {
  it('requires kebab-case names', () => {
    expect(() => text('Bad Name', 'static')).toThrow(/kebab-case/);
    expect(() => text('Bad Name', 'static')).toThrow(
      expect.objectContaining({ name: 'CtxloomError', code: 'E_SECTION_INVALID' }),
    );
    expect(() =>
      defineSection({ name: 'x', tier: 'middle' as 'static', render: () => '' }),
    ).toThrow(/tier/);
  });

  it('returns a frozen section', () => {
    const s = text('a', 'static');
    expect(Object.isFrozen(s)).toBe(true);
  });
});

describe('spans', () => {
  it('locate every rendered section inside its tier text', () => {
    const r = new SectionRegistry([
      text('a', 'static', 'alpha'),
      defineSection({ name: 'skip', tier: 'static', guard: () => false, render: () => 'x' }),
      text('b', 'static', 'beta'),
      text('c', 'dynamic', 'gamma'),
    ]);
    const built = r.build(ctx);
    for (const span of built.spans) {
      const tierText = span.tier === 'static' ? built.static : (built.dynamic ?? '');
      expect(tierText.slice(span.start, span.end)).toBe(
        span.name === 'a' ? 'alpha' : span.name === 'b' ? 'beta' : 'gamma',
      );
    }
    expect(built.spans.map((s) => s.name)).toEqual(['a', 'b', 'c']);
  });
});

describe('build() structure', () => {
  const clock = defineSection({
    name: 'clock',
    tier: 'dynamic',
    volatility: { volatile: true, reason: 'changes every turn' },
    render: (c) => `now ${String(c.now)}`,
  });
  const r = new SectionRegistry([
    text('a', 'static', 'alpha'),
    clock,
    defineSection({ name: 'skip', tier: 'dynamic', guard: () => false, render: () => 'x' }),
    text('c', 'dynamic', 'gamma'),
    text('d', 'dynamic', 'delta'),
  ]);

  it('returns the static tier, the stable dynamic part and the volatile tail already joined', () => {
    const built = r.build(ctx);
    expect(built.parts).toEqual({
      static: 'alpha',
      stable: `gamma${SECTION_SEPARATOR}delta`,
      volatile: `now ${String(ctx.now)}`,
    });
    expect(built.dynamic).toBe(`${built.parts.stable}${SECTION_SEPARATOR}${built.parts.volatile}`);
    const onlyClock = new SectionRegistry([clock]).build(ctx);
    expect(onlyClock.parts).toEqual({ static: '', stable: null, volatile: onlyClock.dynamic });
    const noClock = new SectionRegistry([text('c', 'dynamic')]).build(ctx);
    expect(noClock.parts).toEqual({ static: '', stable: 'c', volatile: null });
  });

  it('lists every section in output order with its text, tokens, status and span', () => {
    const built = r.build(ctx);
    expect(built.sections.map((s) => [s.name, s.tier, s.status, s.volatile])).toEqual([
      ['a', 'static', 'rendered', false],
      ['skip', 'dynamic', 'skipped', false],
      ['c', 'dynamic', 'rendered', false],
      ['d', 'dynamic', 'rendered', false],
      ['clock', 'dynamic', 'rendered', true],
    ]);
    expect(built.sections.map((s) => s.name)).toEqual(built.report.sections.map((s) => s.name));
    for (const s of built.sections) {
      const report = built.report.sections.find((x) => x.name === s.name)!;
      expect([s.tokens, s.bytes]).toEqual([report.tokens, report.bytes]);
      if (s.status !== 'rendered') {
        expect([s.text, s.span]).toEqual([null, null]);
        continue;
      }
      const tierText = s.tier === 'static' ? built.static : built.dynamic!;
      expect(s.span).toBe(built.spans.find((x) => x.name === s.name));
      expect(tierText.slice(s.span!.start, s.span!.end)).toBe(s.text);
    }
    // the static sections of a memoised build are the same objects
    expect(r.build(ctx).sections[0]).toBe(built.sections[0]);
  });
});

describe('SectionRegistry dynamic-tier memo', () => {
  const counting = (name: string, read: (c: typeof ctx) => string, volatile = false) => {
    const calls = { n: 0 };
    const section = defineSection({
      name,
      tier: 'dynamic',
      ...(volatile ? { volatility: { volatile: true as const, reason: 'clock' } } : {}),
      render: (c) => {
        calls.n++;
        return read(c);
      },
    });
    return { section, calls };
  };

  it('re-renders only the sections whose context fields changed, with the same bytes', () => {
    const mem = counting('mem', (c) => `memory: ${c.memory ?? ''}`);
    const all = counting('all', (c) => `keys: ${Object.keys(c).length}`);
    const clock = counting('clock', (c) => `now: ${c.now}`, true);
    const r = new SectionRegistry([mem.section, all.section, clock.section], {
      tokenCounter: estimateCounter,
    });
    const c0 = createPromptContext({ memory: 'a', now: '2026-01-01T00:00:00Z' });
    const first = r.build(c0);
    const c1 = withContext(c0, { now: '2026-01-01T00:01:00Z' });
    const second = r.build(c1);
    // the memory section read only `memory`; the one that listed every key read `now` too
    expect([mem.calls.n, all.calls.n, clock.calls.n]).toEqual([1, 2, 2]);
    const fresh = new SectionRegistry([mem.section, all.section, clock.section], {
      tokenCounter: estimateCounter,
    }).build(c1);
    expect(second.dynamic).toBe(fresh.dynamic);
    expect(second.spans).toEqual(fresh.spans);
    expect(second.report.sections).toEqual(fresh.report.sections);
    expect(second.report.totals).toEqual(fresh.report.totals);
    expect(first.dynamic).not.toBe(second.dynamic);
    const before = mem.calls.n; // the fresh registry rendered it once more
    r.build(withContext(c1, { memory: 'b' }));
    expect(mem.calls.n).toBe(before + 1);
  });

  it('reports the same bytes and spans as a fresh build for non-ASCII sections', () => {
    const r = () =>
      new SectionRegistry(
        [text('a', 'dynamic', 'héllo 日本'), counting('t', (c) => `⏰ ${c.now}`, true).section],
        { tokenCounter: estimateCounter },
      );
    const reg = r();
    reg.build(ctx);
    const next = withContext(ctx, { now: '2027-01-01T00:00:00Z' });
    const warm = reg.build(next);
    const cold = r().build(next);
    expect(warm.report.totals).toEqual(cold.report.totals);
    expect(warm.report.totals.dynamic.bytes).toBe(Buffer.byteLength(warm.dynamic ?? ''));
    expect(warm.spans).toEqual(cold.spans);
  });
});
