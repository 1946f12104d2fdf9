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

  it('cuts between whole steps of a finished thinking loop, and inside the running one only where a step starts with thinking', () => {
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
    // finished (a reply ends it): earlier thinking may be dropped, whole steps may go
    expect(legalCuts(steps(true))).toEqual([true, true, false, true, false, true, true, true]);
    expect(toolLoops(steps(true))).toEqual([[1, 5]]);
    // running (the history ends inside it): the kept part must start at a step with thinking
    const running = [
      m('u', 'user', t('go')),
      m('a1', 'assistant', think, c('1')),
      m('t1', 'tool', r('1')),
      m('a2', 'assistant', c('2')),
      m('t2', 'tool', r('2')),
      m('a3', 'assistant', think, c('3')),
      m('t3', 'tool', r('3')),
    ];
    expect(legalCuts(running)).toEqual([true, true, false, false, false, true, false, true]);
    expect(legalCuts(running.slice(0, 6))).toEqual([true, true, false, false, false, true, false]);
  });

  it('treats unanswered calls at the end as open', () => {
    const h = [m('u', 'user', t('go')), m('a', 'assistant', c('1'))];
    expect(legalCuts(h)).toEqual([true, true, false]);
  });
});
