/**
 * @module providers/blocks
 * A provider-neutral view of a request as the cache sees it: an ordered list of content blocks,
 * some carrying a breakpoint. Simulation and miss explanation work on this view.
 */
import { CtxloomError } from '../diagnostics/index.js';
import {
  type BuiltSection,
  type PromptParts,
  SECTION_SEPARATOR,
  type SectionSpan,
} from '../prompt/index.js';
import type { CacheTtl } from './types.js';

/** One content block of a request. */
export interface CacheBlock {
  /** Where it sits, e.g. `tools[2]`, `system[0]`, `messages[4].content[1]`. */
  readonly id: string;
  /** Its serialised text (what the tokenizer sees, approximately). */
  readonly text: string;
  /** An explicit cache breakpoint at the end of this block (Anthropic). */
  readonly breakpoint?: CacheTtl | undefined;
  /** Sections inside this block (system blocks built by ctxloom), for attributing a miss. */
  readonly spans?: readonly Pick<SectionSpan, 'name' | 'start' | 'end'>[] | undefined;
}

/** One request in a sequence. */
export interface CacheRequest {
  readonly blocks: readonly CacheBlock[];
  /** When it was sent (ms since the epoch); requests without one are taken as back to back. */
  readonly at?: number | undefined;
}

/** Which payload shape `requestToBlocks` reads. */
export type PayloadKind = 'anthropic' | 'openai-chat' | 'openai-responses' | 'ai-sdk';

type Json = Record<string, unknown>;

function ttlOf(cacheControl: unknown): CacheTtl | undefined {
  if (typeof cacheControl !== 'object' || cacheControl === null) return undefined;
  return (cacheControl as Json).ttl === '1h' ? '1h' : '5m';
}

function withoutCacheControl(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const { cache_control: _drop, ...rest } = value as Json;
  return JSON.stringify(rest);
}

function blockText(block: unknown): string {
  if (
    typeof block === 'object' &&
    block !== null &&
    (block as Json).type === 'text' &&
    typeof (block as Json).text === 'string'
  ) {
    return (block as Json).text as string;
  }
  return withoutCacheControl(block);
}

function arr(value: unknown, what: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value))
    throw new CtxloomError('E_PAYLOAD_INVALID', `${what} must be an array`);
  return value;
}

/**
 * The prompt whose system text the blocks are matched against, to attribute misses to sections:
 * a `BuiltPrompt` (its `parts` and `sections`).
 */
export interface TierSpans {
  readonly static: string;
  readonly dynamic: string | null;
  readonly parts: PromptParts;
  readonly sections: readonly BuiltSection[];
}

type BlockSpans = NonNullable<CacheBlock['spans']>;

/** Offsets of `sections` (rendered, in order) in their texts joined with the section separator. */
function joinedSpans(sections: readonly BuiltSection[]): BlockSpans {
  const out: { name: string; start: number; end: number }[] = [];
  let offset = 0;
  for (const s of sections) {
    if (s.text === null) continue;
    if (out.length > 0) offset += SECTION_SEPARATOR.length;
    out.push({ name: s.name, start: offset, end: offset + s.text.length });
    offset += s.text.length;
  }
  return out;
}

/**
 * Spans for system text that equals a part the builders send: the static tier, the whole
 * dynamic tier, its stable part or its volatile tail.
 */
function spansFor(text: string, prompt: TierSpans | undefined): CacheBlock['spans'] {
  if (prompt === undefined) return undefined;
  const { sections, parts } = prompt;
  const dynamic = sections.filter((s) => s.tier === 'dynamic');
  const groups: [string | null, readonly BuiltSection[]][] = [
    [prompt.static, sections.filter((s) => s.tier === 'static')],
    [prompt.dynamic, dynamic],
    [parts.stable, dynamic.filter((s) => !s.volatile)],
    [parts.volatile, dynamic.filter((s) => s.volatile)],
  ];
  const group = groups.find(([joined]) => joined !== null && joined === text);
  return group === undefined ? undefined : joinedSpans(group[1]);
}

function block(
  id: string,
  text: string,
  breakpoint: CacheTtl | undefined,
  spans?: CacheBlock['spans'],
): CacheBlock {
  const b: { id: string; text: string; breakpoint?: CacheTtl; spans?: CacheBlock['spans'] } = {
    id,
    text,
  };
  if (breakpoint !== undefined) b.breakpoint = breakpoint;
  if (spans !== undefined) b.spans = spans;
  return b;
}

type Reader = (p: Json, prompt: TierSpans | undefined) => CacheBlock[];

function anthropicBlocks(p: Json, prompt: TierSpans | undefined): CacheBlock[] {
  const out = arr(p.tools, 'tools').map((t, i) =>
    block(`tools[${i}]`, withoutCacheControl(t), ttlOf((t as Json)?.cache_control)),
  );
  const system =
    typeof p.system === 'string' ? [{ type: 'text', text: p.system }] : arr(p.system, 'system');
  system.forEach((b, i) => {
    const text = blockText(b);
    out.push(
      block(`system[${i}]`, text, ttlOf((b as Json)?.cache_control), spansFor(text, prompt)),
    );
  });
  arr(p.messages, 'messages').forEach((m, i) => {
    const content = (m as Json)?.content;
    const role = String((m as Json)?.role);
    // A string is the same request as one text block holding it.
    const blocks =
      typeof content === 'string'
        ? [{ type: 'text', text: content }]
        : arr(content, `messages[${i}].content`);
    out.push(
      ...blocks.map((b, j) =>
        block(`messages[${i}].${role}[${j}]`, blockText(b), ttlOf((b as Json)?.cache_control)),
      ),
    );
  });
  return out;
}

/** A Chat message or a Responses input item: its string content (with spans), else its JSON. */
function itemBlock(id: string, item: unknown, prompt: TierSpans | undefined): CacheBlock {
  const content = (item as Json)?.content;
  return typeof content === 'string'
    ? block(id, content, undefined, spansFor(content, prompt))
    : block(id, JSON.stringify(item), undefined);
}

function toolBlocks(p: Json): CacheBlock[] {
  return arr(p.tools, 'tools').map((t, i) => block(`tools[${i}]`, JSON.stringify(t), undefined));
}

function openAIChatBlocks(p: Json, prompt: TierSpans | undefined): CacheBlock[] {
  const out = toolBlocks(p);
  arr(p.messages, 'messages').forEach((m, i) => {
    out.push(itemBlock(`messages[${i}]`, m, prompt));
  });
  return out;
}

function openAIResponsesBlocks(p: Json, prompt: TierSpans | undefined): CacheBlock[] {
  const out = toolBlocks(p);
  if (typeof p.instructions === 'string')
    out.push(block('instructions', p.instructions, undefined, spansFor(p.instructions, prompt)));
  arr(p.input, 'input').forEach((item, i) => {
    out.push(itemBlock(`input[${i}]`, item, prompt));
  });
  return out;
}

function aiSdkBlocks(p: Json, prompt: TierSpans | undefined): CacheBlock[] {
  const out: CacheBlock[] = [];
  // the tool record: first in the prefix, as the providers send tools before the system prompt
  if (typeof p.tools === 'object' && p.tools !== null && !Array.isArray(p.tools)) {
    for (const [name, t] of Object.entries(p.tools as Json)) {
      const { providerOptions, ...spec } = t as Json;
      const cc = (providerOptions as Json | undefined)?.anthropic as Json | undefined;
      out.push(block(`tools[${name}]`, JSON.stringify({ name, ...spec }), ttlOf(cc?.cacheControl)));
    }
  }
  const system =
    typeof p.system === 'string'
      ? [{ role: 'system', content: p.system }]
      : arr(p.system, 'system');
  const messages = arr(p.messages, 'messages');
  [
    ...system.map((m, i) => [`system[${i}]`, m] as const),
    ...messages.map((m, i) => [`messages[${i}]`, m] as const),
  ].forEach(([id, m]) => {
    const content = (m as Json)?.content;
    const text = typeof content === 'string' ? content : JSON.stringify(content);
    const cc = ((m as Json)?.providerOptions as Json | undefined)?.anthropic as Json | undefined;
    out.push(
      block(
        id,
        text,
        ttlOf(cc?.cacheControl),
        typeof content === 'string' ? spansFor(content, prompt) : undefined,
      ),
    );
  });
  return out;
}

const READERS: Readonly<Record<PayloadKind, Reader>> = {
  anthropic: anthropicBlocks,
  'openai-chat': openAIChatBlocks,
  'openai-responses': openAIResponsesBlocks,
  'ai-sdk': aiSdkBlocks,
};

/**
 * Reads a request body into cache blocks, in the order the provider builds its prefix
 * (Anthropic: tools, system, messages). With `prompt` (the `BuiltPrompt` the request was built
 * from), system blocks that hold one of its parts carry the sections' spans.
 */
export function requestToBlocks(
  kind: PayloadKind,
  payload: unknown,
  prompt?: TierSpans,
): CacheBlock[] {
  if (typeof payload !== 'object' || payload === null)
    throw new CtxloomError('E_PAYLOAD_INVALID', 'payload must be an object');
  const read = Object.hasOwn(READERS, kind) ? READERS[kind] : undefined;
  if (read === undefined)
    throw new CtxloomError('E_PAYLOAD_INVALID', `unknown payload kind "${String(kind)}"`);
  return read(payload as Json, prompt);
}
