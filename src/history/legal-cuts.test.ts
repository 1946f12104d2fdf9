import { describe, expect, it } from 'vitest';
import { legalCuts, toolLoops } from './legal-cuts.js';
import type { Message, Part } from './message.js';

const m = (id: string, role: Message['role'], ...parts: Part[]): Message => ({ id, role, parts });
const t = (text: string): Part => ({ type: 'text', text });
const c = (id: string): Part => ({ type: 'tool-call', id, name: 'x', input: {} });
const r = (id: string): Part => ({ type: 'tool-result', toolCallId: id, content: 'ok' });
const think: Part = { type: 'thinking', text: 'hmm', signature: 's' };

describe('legalCuts', () => {
  it('never cuts between a call and its result or inside a batch', () => {
    const h = [
      m('u', 'user', t('go')),
      m('a', 'assistant', c('1'), c('2')),
      m('t1', 'tool', r('1')),
      m('t2', 'tool', r('2')),
      m('f', 'assistant', t('ok')),
    ];
    expect(legalCuts(h)).toEqual([true, true, false, false, true, true]);
  });

  it('never cuts inside a tool loop that carries thinking, but may inside one without', () => {
    const steps = (th: boolean): Message[] => [
      m('u', 'user', t('go')),
      m('a1', 'assistant', ...(th ? [think] : []), c('1')),
      m('t1', 'tool', r('1')),
      m('a2', 'assistant', c('2')),
      m('t2', 'tool', r('2')),
      m('f', 'assistant', t('done')),
      m('u2', 'user', t('next')),
    ];
    expect(legalCuts(steps(false))).toEqual([true, true, false, true, false, true, true, true]);
    expect(legalCuts(steps(true))).toEqual([true, true, false, false, false, false, true, true]);
    expect(toolLoops(steps(true))).toEqual([[1, 5]]);
  });

  it('treats unanswered calls at the end as open', () => {
    const h = [m('u', 'user', t('go')), m('a', 'assistant', c('1'))];
    expect(legalCuts(h)).toEqual([true, true, false]);
  });
});
