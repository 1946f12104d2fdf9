import { describe, expect, it } from 'vitest';
import { mergeMemory } from './memory.js';

const lines = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix} line ${i + 1}`).join('\n');

describe('mergeMemory', () => {
  it('puts the user tier first and the project tier last', () => {
    const r = mergeMemory([
      { scope: 'project', path: '.ctxloom/memory/MEMORY.md', text: 'project fact' },
      { scope: 'user', path: '~/.config/ctxloom/memory/MEMORY.md', text: 'user fact' },
    ]);
    expect(r.text.indexOf('user fact')).toBeLessThan(r.text.indexOf('project fact'));
    expect(r.diagnostics).toEqual([]);
  });

  it('cuts whole lines from the top (keeps the newest) with a visible marker and a diagnostic', () => {
    const r = mergeMemory([{ scope: 'project', path: 'M.md', text: lines('p', 100) }], {
      chars: 400,
    });
    expect(r.text.length).toBeLessThanOrEqual(400);
    expect(r.text).toContain('p line 100');
    expect(r.text).not.toContain('p line 1\n');
    expect(r.text).toMatch(/\[\d+ older lines of M\.md not shown; read the file for all of it\]/);
    expect(r.diagnostics[0]).toMatchObject({ code: 'W_MEMORY_TRUNCATED', file: 'M.md' });
    expect(r.tiers[0]?.linesCut).toBeGreaterThan(60);
    expect(r.tiers[0]?.linesCut).toBeLessThan(80);
  });

  it("gives a short tier's unused share to the other", () => {
    const alone = mergeMemory([{ scope: 'project', path: 'P', text: lines('p', 200) }], {
      chars: 1000,
    });
    const withShortUser = mergeMemory(
      [
        { scope: 'user', path: 'U', text: 'short' },
        { scope: 'project', path: 'P', text: lines('p', 200) },
      ],
      { chars: 1000 },
    );
    const even = 1000 / 2;
    expect(withShortUser.tiers[1]?.kept).toBeGreaterThan(even);
    expect(withShortUser.text.length).toBeLessThanOrEqual(1000);
    expect(alone.tiers[0]?.kept).toBeGreaterThanOrEqual(withShortUser.tiers[1]?.kept ?? 0);
  });

  it('supports a token budget', () => {
    const r = mergeMemory([{ scope: 'user', path: 'U', text: lines('u', 500) }], { tokens: 100 });
    expect(r.tiers[0]?.linesCut).toBeGreaterThan(0);
    expect(r.text).toContain('u line 500');
  });

  it('is empty for empty tiers', () => {
    expect(mergeMemory([{ scope: 'user', path: 'U', text: '  \n' }]).text).toBe('');
  });
});
