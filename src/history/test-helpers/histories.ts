/**
 * Test helpers: fast-check arbitraries of valid internal histories and of provider requests, and
 * structural checks of exported provider payloads. Not part of the build.
 */
import fc from 'fast-check';
import { wrapFragment } from '../fragment.js';
import type { Message, Part } from '../message.js';

const word = fc.constantFrom(
  'alpha',
  'parser',
  'src/app.ts',
  'TASK-12',
  'fix',
  'must',
  'the',
  'build',
  'error:',
  'ok',
  'commit',
  '3f2a1b9c',
  'test',
  'passes',
  'é',
  '日本',
  '`x`',
  '"q"',
  '\\',
  'done',
);
export const line = fc.array(word, { minLength: 1, maxLength: 8 }).map((w) => w.join(' '));
export const text = fc.array(line, { minLength: 1, maxLength: 4 }).map((l) => l.join('\n'));

/** The plan of one turn. */
interface TurnPlan {
  user: string;
  injected: 'none' | 'skill' | 'rule' | 'plan' | 'environment';
  steps: { thinking: boolean; calls: number; split: boolean; sizes: number[] }[];
  finalThinking: boolean;
  finalText: string;
}

const stepArb = fc.record({
  thinking: fc.boolean(),
  calls: fc.integer({ min: 1, max: 3 }),
  split: fc.boolean(),
  sizes: fc.array(fc.constantFrom(1, 3, 40, 400), { minLength: 3, maxLength: 3 }),
});

const turnArb: fc.Arbitrary<TurnPlan> = fc.record({
  user: text,
  injected: fc.constantFrom('none', 'none', 'none', 'skill', 'rule', 'plan', 'environment'),
  steps: fc.array(stepArb, { maxLength: 3 }),
  finalThinking: fc.boolean(),
  finalText: text,
});

function resultText(size: number, seed: number): string {
  const lines: string[] = [];
  for (let i = 0; i < size; i++) {
    if (i % 97 === 13)
      lines.push(`src/mod${seed}.ts:${i}:1 - error TS2322: Type 'x${seed}' is not assignable`);
    else lines.push(`log ${seed} line ${i} compiling module ${i % 7} with options --fast`);
  }
  return lines.join('\n');
}

/** Builds a valid history from turn plans; `pending` leaves the last calls unanswered. */
export function buildHistory(
  turns: readonly TurnPlan[],
  withSystem: boolean,
  pending: boolean,
): Message[] {
  const out: Message[] = [];
  let id = 0;
  let call = 0;
  const next = (): string => `m${id++}`;
  if (withSystem)
    out.push({
      id: next(),
      role: 'system',
      parts: [{ type: 'text', text: 'You are a coding agent.' }],
    });
  turns.forEach((t, ti) => {
    if (t.injected !== 'none') {
      const attrs: Record<string, string> =
        t.injected === 'plan'
          ? { status: 'confirmed' }
          : t.injected === 'environment'
            ? {}
            : { name: `${t.injected}-${ti}`, path: `src/area${ti}/**` };
      out.push({
        id: next(),
        role: 'user',
        parts: [
          { type: 'text', text: wrapFragment(t.injected, `${t.injected} body ${ti}`, attrs) },
        ],
      });
    }
    out.push({ id: next(), role: 'user', parts: [{ type: 'text', text: t.user }] });
    const last = ti === turns.length - 1;
    t.steps.forEach((s, si) => {
      const parts: Part[] = [];
      if (s.thinking)
        parts.push({ type: 'thinking', text: `thinking ${ti}.${si}`, signature: `sig${ti}${si}` });
      const ids: string[] = [];
      for (let c = 0; c < s.calls; c++) {
        const cid = `call_${call++}`;
        ids.push(cid);
        parts.push({
          type: 'tool-call',
          id: cid,
          name: c === 0 ? 'bash' : 'edit_file',
          input: { command: `npm test -- ${cid}`, path: `src/f${c}.ts` },
        });
      }
      out.push({ id: next(), role: 'assistant', parts });
      if (pending && last && si === t.steps.length - 1) return;
      const results: Part[] = ids.map((cid, c) => ({
        type: 'tool-result',
        toolCallId: cid,
        content: resultText(s.sizes[c] ?? 1, call + c),
        ...(c === 1 ? { isError: true } : {}),
      }));
      if (s.split) for (const r of results) out.push({ id: next(), role: 'tool', parts: [r] });
      else out.push({ id: next(), role: 'tool', parts: results });
    });
    if (pending && last && t.steps.length > 0) return;
    const fin: Part[] = [];
    if (t.finalThinking && t.steps.length > 0)
      fin.push({ type: 'thinking', text: `final ${ti}`, signature: `fs${ti}` });
    fin.push({ type: 'text', text: t.finalText });
    out.push({ id: next(), role: 'assistant', parts: fin });
  });
  return out;
}

/** Random valid histories. */
export const historyArb = fc
  .tuple(fc.array(turnArb, { minLength: 1, maxLength: 8 }), fc.boolean(), fc.boolean())
  .map(([turns, sys, pending]) => buildHistory(turns, sys, pending));

type Obj = Record<string, unknown>;

/** Problems with tool pairing in an Anthropic request (empty when valid). */
export function anthropicPairingProblems(request: unknown): string[] {
  const problems: string[] = [];
  const messages = (request as { messages: Obj[] }).messages;
  const blocks = (m: Obj | undefined): Obj[] =>
    Array.isArray(m?.content) ? (m.content as Obj[]) : [];
  messages.forEach((m, i) => {
    const uses = blocks(m)
      .filter((b) => b.type === 'tool_use')
      .map((b) => b.id as string);
    if (m.role === 'assistant' && uses.length > 0 && i < messages.length - 1) {
      const next = messages[i + 1]!;
      const answered = new Set(
        blocks(next)
          .filter((b) => b.type === 'tool_result')
          .map((b) => b.tool_use_id),
      );
      for (const u of uses)
        if (next.role !== 'user' || !answered.has(u))
          problems.push(`tool_use ${u} at ${i} unanswered`);
    }
    for (const r of blocks(m).filter((b) => b.type === 'tool_result')) {
      const prev = messages[i - 1];
      const prevUses = blocks(prev)
        .filter((b) => b.type === 'tool_use')
        .map((b) => b.id);
      if (m.role !== 'user' || prev?.role !== 'assistant' || !prevUses.includes(r.tool_use_id)) {
        problems.push(`tool_result ${String(r.tool_use_id)} at ${i} does not follow its call`);
      }
    }
  });
  return problems;
}

/** Problems with tool pairing in an OpenAI request (empty when valid). */
export function openaiPairingProblems(request: unknown): string[] {
  const problems: string[] = [];
  const messages = (request as { messages: Obj[] }).messages;
  let open: Set<string> | undefined;
  let known = new Set<string>();
  messages.forEach((m, i) => {
    if (m.role === 'tool') {
      const id = m.tool_call_id as string;
      if (!known.has(id)) problems.push(`tool message ${id} at ${i} does not follow its call`);
      open?.delete(id);
      return;
    }
    if (open !== undefined && open.size > 0)
      problems.push(`calls ${[...open].join(',')} unanswered before ${i}`);
    open = undefined;
    known = new Set();
    if (m.role === 'assistant' && Array.isArray(m.tool_calls)) {
      const ids = (m.tool_calls as Obj[]).map((c) => c.id as string);
      open = new Set(ids);
      known = new Set(ids);
    }
  });
  return problems;
}

const jsonLeaf = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
const jsonObj = fc.dictionary(fc.constantFrom('a', 'b', 'path', 'command'), jsonLeaf);
const cache = fc.option(
  fc.oneof(fc.constant({ type: 'ephemeral' }), fc.constant({ type: 'ephemeral', ttl: '1h' })),
  { nil: undefined },
);
function withCache<T extends Obj>(block: T, cc: Obj | undefined): T {
  return cc === undefined ? block : { ...block, cache_control: cc };
}

const anthropicText = fc
  .tuple(fc.string(), cache, fc.boolean())
  .map(([t, cc, cite]) =>
    withCache(
      { type: 'text', text: t, ...(cite ? { citations: [{ type: 'x', cited_text: 'c' }] } : {}) },
      cc,
    ),
  );
const anthropicImage = fc.tuple(fc.boolean(), cache).map(([b64, cc]) =>
  withCache(
    {
      type: 'image',
      source: b64
        ? { type: 'base64', media_type: 'image/png', data: 'iVBORw0=' }
        : { type: 'url', url: 'https://x.test/a.png' },
    },
    cc,
  ),
);
const anthropicToolUse = fc
  .tuple(fc.string({ minLength: 1 }), jsonObj, cache)
  .map(([id, input, cc]) => withCache({ type: 'tool_use', id, name: 'bash', input }, cc));
const anthropicToolResult = fc
  .tuple(
    fc.string({ minLength: 1 }),
    fc.option(
      fc.oneof(
        fc.string(),
        fc.array(
          fc.oneof(
            anthropicText.map((b) => {
              const { cache_control: _c, ...rest } = b as Obj;
              return rest;
            }),
            fc.constant({ type: 'search_result', source: 's', title: 't', content: [] }),
          ),
          { maxLength: 3 },
        ),
      ),
      { nil: undefined },
    ),
    fc.option(fc.boolean(), { nil: undefined }),
    cache,
  )
  .map(([id, content, err, cc]) => {
    const b: Obj = { type: 'tool_result', tool_use_id: id };
    if (content !== undefined) b.content = content;
    if (err !== undefined) b.is_error = err;
    return withCache(b, cc);
  });
const anthropicThinking = fc.oneof(
  fc
    .tuple(fc.string(), fc.option(fc.string(), { nil: undefined }))
    .map(([t, s]) =>
      s === undefined
        ? { type: 'thinking', thinking: t }
        : { type: 'thinking', thinking: t, signature: s },
    ),
  fc.string().map((d) => ({ type: 'redacted_thinking', data: d })),
);
const anthropicUnknown = fc.constant({
  type: 'server_tool_use',
  id: 'srv_1',
  name: 'web_search',
  input: { query: 'q' },
});

/** Random Anthropic requests (shape only; pairing is not required for round trips). */
export const anthropicRequestArb = fc
  .tuple(
    fc.option(fc.oneof(fc.string(), fc.array(anthropicText, { minLength: 1, maxLength: 2 })), {
      nil: undefined,
    }),
    fc.array(
      fc.tuple(
        fc.constantFrom('user', 'assistant'),
        fc.oneof(
          fc.string(),
          fc.array(
            fc.oneof(
              anthropicText,
              anthropicImage,
              anthropicToolUse,
              anthropicToolResult,
              anthropicThinking,
              anthropicUnknown,
            ),
            { maxLength: 4 },
          ),
        ),
      ),
      { maxLength: 6 },
    ),
    fc.boolean(),
  )
  .map(([system, messages, model]) => {
    const r: Obj = { messages: messages.map(([role, content]) => ({ role, content })) };
    if (system !== undefined) r.system = system;
    if (model) r.model = 'claude-x';
    return r;
  });

const openaiToolCall = fc
  .tuple(
    fc.string({ minLength: 1 }),
    fc.oneof(
      jsonObj.map((o) => JSON.stringify(o)),
      fc.constant('{"a": 1}'),
      fc.constant('not json'),
    ),
  )
  .map(([id, args]) => ({ id, type: 'function', function: { name: 'bash', arguments: args } }));
const openaiText = fc
  .tuple(fc.string(), fc.boolean())
  .map(([t, x]) => (x ? { type: 'text', text: t, annotation: 'k' } : { type: 'text', text: t }));
const openaiUserPart = fc.oneof(
  openaiText,
  fc.constant({ type: 'image_url', image_url: { url: 'https://x.test/i.png', detail: 'low' } }),
  fc.constant({ type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }),
  fc.constant({ type: 'input_audio', input_audio: { data: 'AAA', format: 'wav' } }),
);

const openaiMessage = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('system', 'developer'),
      fc.oneof(fc.string(), fc.array(openaiText, { maxLength: 2 })),
      fc.boolean(),
    )
    .map(([role, content, name]) => (name ? { role, content, name: 'n' } : { role, content })),
  fc
    .oneof(fc.string(), fc.array(openaiUserPart, { maxLength: 3 }))
    .map((content) => ({ role: 'user', content })),
  fc
    .tuple(
      fc.constantFrom<'s' | 'null' | 'absent' | 'arr'>('s', 'null', 'absent', 'arr'),
      fc.string(),
      fc.array(openaiToolCall, { maxLength: 3 }),
      fc.boolean(),
    )
    .map(([form, t, calls, emptyCalls]) => {
      const m: Obj = { role: 'assistant' };
      if (form === 's') m.content = t;
      else if (form === 'null') m.content = null;
      else if (form === 'arr')
        m.content = [
          { type: 'text', text: t },
          { type: 'refusal', refusal: 'no' },
        ];
      if (calls.length > 0) m.tool_calls = calls;
      else if (emptyCalls) m.tool_calls = [];
      return m;
    }),
  fc
    .tuple(
      fc.string({ minLength: 1 }),
      fc.oneof(fc.string(), fc.array(openaiText, { maxLength: 2 })),
    )
    .map(([id, content]) => ({ role: 'tool', tool_call_id: id, content })),
);

/** Random OpenAI requests (shape only). */
export const openaiRequestArb = fc
  .tuple(fc.array(openaiMessage, { maxLength: 8 }), fc.boolean())
  .map(([messages, model]) => (model ? { model: 'gpt-x', messages } : { messages }));
