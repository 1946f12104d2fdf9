import { describe, expect, it } from 'vitest';
import { wrapFragment } from '../history/index.js';
import {
  activationAttr,
  activationMarker,
  emptyActivationState,
  forkActivationState,
  isActivated,
  markActivated,
  parseActivationState,
  rearmAfterCompaction,
} from './activation-state.js';

describe('activation state', () => {
  it('is deeply frozen and changes only by returning new states', () => {
    const s0 = emptyActivationState();
    const s1 = markActivated(s0, [
      { key: 'skill:b', via: 'keyword' },
      { key: 'rule:a#x', via: 'path' },
    ]);
    expect(s0.records).toEqual([]);
    expect(s1.records.map((r) => r.key)).toEqual(['rule:a#x', 'skill:b']);
    expect(Object.isFrozen(s1)).toBe(true);
    expect(Object.isFrozen(s1.records)).toBe(true);
    expect(Object.isFrozen(s1.records[0])).toBe(true);
    expect(() => (s1.records as unknown as unknown[]).push(1)).toThrow();
    expect(markActivated(s1, [{ key: 'skill:b', via: 'invoke' }]).records).toEqual(s1.records);
  });

  it('fork copies the state; the branches then diverge independently', () => {
    const parent = markActivated(emptyActivationState(), [{ key: 'skill:a', via: 'keyword' }]);
    const child = forkActivationState(parent);
    expect(child).toEqual(parent);
    expect(child.records).not.toBe(parent.records);
    const child2 = markActivated(child, [{ key: 'skill:b', via: 'keyword' }]);
    expect(isActivated(child2, 'skill:b')).toBe(true);
    expect(isActivated(parent, 'skill:b')).toBe(false);
  });

  it('re-arms what compaction removed and keeps what survived', () => {
    const s = markActivated(emptyActivationState(), [
      { key: 'rule:.cursor/rules/api.mdc#api', via: 'path' },
      { key: 'skill:deploy', via: 'keyword' },
    ]);
    const [attr, value] = activationAttr('rule:.cursor/rules/api.mdc#api');
    const surviving = [
      `summary…`,
      // a rule appended to a tool result's output counts; a marker quoted in a body does not
      `file contents\n\n${wrapFragment('rule', 'Use zod.', { name: 'api', [attr]: value })}`,
      wrapFragment('elided-result', `<ctxloom:skill ${activationMarker('skill:deploy')}>`),
    ];
    const after = rearmAfterCompaction(s, surviving);
    expect(after.records.map((r) => r.key)).toEqual(['rule:.cursor/rules/api.mdc#api']);
    expect(isActivated(after, 'skill:deploy')).toBe(false);
    expect(rearmAfterCompaction(s, [])).toEqual(emptyActivationState());
    expect(rearmAfterCompaction(s, [`x ${activationMarker('skill:deploy')}`]).records).toEqual([]);
  });

  it('round-trips through JSON', () => {
    const s = markActivated(emptyActivationState(), [{ key: 'skill:"x"', via: 'task' }]);
    expect(parseActivationState(JSON.parse(JSON.stringify(s)))).toEqual(s);
    expect(parseActivationState({ version: 2, records: [] })).toBeUndefined();
    expect(
      parseActivationState({ version: 1, records: [{ key: 1, via: 'path' }] }),
    ).toBeUndefined();
  });
});
