import { describe, expect, it } from 'vitest';
import { CtxloomError } from '../diagnostics/index.js';
import { defineSection, type Volatility } from './section.js';

const spec = (volatility: unknown) => ({
  name: 'clock',
  tier: 'dynamic' as const,
  volatility: volatility as Volatility,
  render: () => 'now',
});

describe('a volatile section needs a reason', () => {
  it.each([
    ['missing', { volatile: true }],
    ['empty', { volatile: true, reason: '' }],
    ['blank', { volatile: true, reason: ' \n\t' }],
    ['not a string', { volatile: true, reason: 42 }],
    ['volatile not true', { volatile: 'yes', reason: 'the clock' }],
  ])('refuses a %s reason with E_VOLATILE_REASON', (_, volatility) => {
    let caught: unknown;
    try {
      defineSection(spec(volatility));
    } catch (error) {
      caught = error;
    }
    expect(CtxloomError.isInstance(caught)).toBe(true);
    expect((caught as CtxloomError).code).toBe('E_VOLATILE_REASON');
    expect((caught as CtxloomError).message).toContain('"clock"');
  });

  it('accepts a stated reason and keeps it', () => {
    const s = defineSection(spec({ volatile: true, reason: 'the clock changes every turn' }));
    expect(s.volatility?.reason).toBe('the clock changes every turn');
  });

  it('accepts a section with no volatility at all', () => {
    expect(defineSection(spec(undefined)).volatility).toBeUndefined();
  });
});
