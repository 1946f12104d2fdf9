/**
 * @module providers/blocks
 * A provider-neutral view of a request as the cache sees it: an ordered list of content blocks,
 * some carrying a breakpoint. Simulation and miss explanation work on this view.
 */
import { CtxloomError } from '../diagnostics/index.js';
import type { SectionSpan } from '../prompt/index.js';
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

/** Spans for system text that equals a ctxloom tier, to attribute misses to sections. */
export interface TierSpans {
  readonly static: string;
  readonly dynamic: string | null;
  readonly spans: readonly SectionSpan[];
}

function spansFor(text: string, prompt: TierSpans | undefined): CacheBlock['spans'] {
  if (prompt === undefined) return undefined;
  if (text === prompt.static) return prompt.spans.filter((s) => s.tier === 'static');
  if (prompt.dynamic !== null && text === prompt.dynamic)
    return prompt.spans.filter((s) => s.tier === 'dynamic');
  return undefined;
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

/**
 * Reads a request body into cache blocks, in the order the provider builds its prefix
 * (Anthropic: tools, system, messages).
 */
export function requestToBlocks(
  kind: PayloadKind,
  payload: unknown,
  prompt?: TierSpans,
): CacheBlock[] {
  if (typeof payload !== 'object' || payload === null)
    throw new CtxloomError('E_PAYLOAD_INVALID', 'payload must be an object');
  const p = payload as Json;
  const out: CacheBlock[] = [];
  if (kind === 'anthropic') {
    out.push(
      ...arr(p.tools, 'tools').map((t, i) =>
        block(`tools[${i}]`, withoutCacheControl(t), ttlOf((t as Json)?.cache_control)),
      ),
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
  if (kind === 'openai-chat') {
    out.push(
      ...arr(p.tools, 'tools').map((t, i) => block(`tools[${i}]`, JSON.stringify(t), undefined)),
    );
    arr(p.messages, 'messages').forEach((m, i) => {
      const content = (m as Json)?.content;
      const text = typeof content === 'string' ? content : JSON.stringify(m);
      out.push(
        block(
          `messages[${i}]`,
          text,
          undefined,
          typeof content === 'string' ? spansFor(content, prompt) : undefined,
        ),
      );
    });
    return out;
  }
  if (kind === 'openai-responses') {
    out.push(
      ...arr(p.tools, 'tools').map((t, i) => block(`tools[${i}]`, JSON.stringify(t), undefined)),
    );
    if (typeof p.instructions === 'string')
      out.push(block('instructions', p.instructions, undefined, spansFor(p.instructions, prompt)));
    arr(p.input, 'input').forEach((item, i) => {
      const content = (item as Json)?.content;
      const text = typeof content === 'string' ? content : JSON.stringify(item);
      out.push(
        block(
          `input[${i}]`,
          text,
          undefined,
          typeof content === 'string' ? spansFor(content, prompt) : undefined,
        ),
      );
    });
    return out;
  }
  if (kind === 'ai-sdk') {
    // the tool record: first in the prefix, as the providers send tools before the system prompt
    if (typeof p.tools === 'object' && p.tools !== null && !Array.isArray(p.tools)) {
      for (const [name, t] of Object.entries(p.tools as Json)) {
        const { providerOptions, ...spec } = t as Json;
        const cc = (providerOptions as Json | undefined)?.anthropic as Json | undefined;
        out.push(
          block(`tools[${name}]`, JSON.stringify({ name, ...spec }), ttlOf(cc?.cacheControl)),
        );
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
  throw new CtxloomError('E_PAYLOAD_INVALID', `unknown payload kind "${String(kind)}"`);
}
