import { describe, expect, it } from 'vitest';
import { compactHistory, type Message, survivingTexts } from '../history/index.js';
import { estimateCounter } from '../tokens/index.js';
import { emptyActivationState, rearmAfterCompaction } from './activation-state.js';
import { compileSkillTriggers, planMessageInjection, planPathInjection } from './inject.js';
import { compilePathRules } from './path-rules.js';
import { makeSkill } from './test-helpers/temp-tree.js';

const engine = compilePathRules([
  {
    name: 'api',
    globs: ['src/api/**'],
    body: 'Validate every body.',
    source: '.cursor/rules/api.mdc',
  },
  {
    name: 'web',
    globs: ['src/web/**'],
    body: 'Use the design tokens.',
    source: '.cursor/rules/web.mdc',
  },
]);
const triggers = compileSkillTriggers([
  makeSkill('deploy', {
    body: 'Deploy with care.',
    triggers: { keywords: ['deploy'], minMatches: 1 },
  }),
]);

describe('injected blocks and compaction agree on what to re-arm', () => {
  it('a rule in a summarised tool result and a skill in a summarised user message are re-armed; a surviving rule is not', async () => {
    const big = 'lorem ipsum dolor sit amet '.repeat(300);
    const api = planPathInjection(emptyActivationState(), ['src/api/users.ts'], engine);
    const skill = await planMessageInjection(api.state, 'please deploy it', triggers);
    const web = planPathInjection(skill.state, ['src/web/app.ts'], engine);
    const state = web.state;
    const call = (id: string, path: string): Message => ({
      id: `a-${id}`,
      role: 'assistant',
      parts: [{ type: 'tool-call', id, name: 'read_file', input: { path } }],
    });
    // each injected block is its own content block / text part, after the output or the text
    const result = (id: string, output: string, block: string): Message => ({
      id: `t-${id}`,
      role: 'tool',
      parts: [
        {
          type: 'tool-result',
          toolCallId: id,
          content: [
            { type: 'text', text: output },
            { type: 'text', text: block },
          ],
        },
      ],
    });
    const history: Message[] = [
      { id: 'u0', role: 'user', parts: [{ type: 'text', text: 'build the API' }] },
      call('c1', 'src/api/users.ts'),
      result('c1', big, api.blocks[0]!.text),
      {
        id: 'u1',
        role: 'user',
        parts: [
          { type: 'text', text: `please deploy it ${big}` },
          { type: 'text', text: skill.blocks[0]!.text },
        ],
      },
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: big }] },
      { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'now the web app' }] },
      call('c2', 'src/web/app.ts'),
      result('c2', 'export const app = 1;', web.blocks[0]!.text),
      { id: 'a2', role: 'assistant', parts: [{ type: 'text', text: 'done' }] },
    ];
    const r = await compactHistory(history, {
      budget: { window: 3000 },
      tokenCounter: estimateCounter,
      recentTurns: 1,
      userMessageBudget: 0,
    });
    expect(r.record.summarized).toEqual(expect.arrayContaining(['t-c1', 'u1']));
    expect(r.record.rearmed.map((x) => x.key)).toEqual([
      'rule:.cursor/rules/api.mdc#api',
      'skill:deploy',
    ]);
    expect(r.record.rearmed[0]).toMatchObject({
      type: 'rule',
      name: 'api',
      path: '.cursor/rules/api.mdc',
      messageId: 't-c1',
    });
    const after = rearmAfterCompaction(state, survivingTexts(r.history));
    const lost = state.records
      .map((x) => x.key)
      .filter((k) => !after.records.some((a) => a.key === k));
    expect(lost).toEqual(r.record.rearmed.map((x) => x.key));
    expect(after.records.map((x) => x.key)).toEqual(['rule:.cursor/rules/web.mdc#web']);
    // re-armed items fire again
    expect(planPathInjection(after, ['src/api/users.ts'], engine).blocks).toHaveLength(1);
  });

  it('an elided tool result loses its rule: re-armed without a summary', async () => {
    const api = planPathInjection(emptyActivationState(), ['src/api/users.ts'], engine);
    const history: Message[] = [
      { id: 'u0', role: 'user', parts: [{ type: 'text', text: 'read it' }] },
      {
        id: 'a0',
        role: 'assistant',
        parts: [
          { type: 'tool-call', id: 'c1', name: 'read_file', input: { path: 'src/api/users.ts' } },
        ],
      },
      {
        id: 't0',
        role: 'tool',
        parts: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            content: [
              { type: 'text', text: 'line of output\n'.repeat(3000) },
              { type: 'text', text: api.blocks[0]!.text },
            ],
          },
        ],
      },
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'next' }] },
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'ok' }] },
    ];
    const r = await compactHistory(history, {
      budget: { window: 200_000, target: 0.02 },
      tokenCounter: estimateCounter,
      recentTurns: 1,
    });
    expect(r.stages).toEqual(['elide']);
    expect(r.record.rearmed.map((x) => x.key)).toEqual(['rule:.cursor/rules/api.mdc#api']);
    expect(rearmAfterCompaction(api.state, survivingTexts(r.history)).records).toEqual([]);
  });
});
