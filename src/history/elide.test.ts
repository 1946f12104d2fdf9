import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { estimateCounter } from '../tokens/index.js';
import { artifactRef, createMemoryArtifactStore } from './artifact-store.js';
import { elideToolResults, renderElided } from './elide.js';
import { expandElided } from './expand.js';
import { identifyFragment } from './fragment.js';
import { createFsArtifactStore } from './fs-artifact-store.js';
import type { Message } from './message.js';
import { toolResultText } from './message.js';
import { isErrorLine } from './patterns.js';
import { createReadArtifactHandler, readArtifactTool } from './read-artifact.js';

const log = Array.from({ length: 500 }, (_, i) =>
  i === 250 ? 'src/a.ts(3,4): error TS2304: Cannot find name "foo".' : `step ${i} ok`,
).join('\n');
const history: Message[] = [
  { id: 'u', role: 'user', parts: [{ type: 'text', text: 'build' }] },
  {
    id: 'a',
    role: 'assistant',
    parts: [{ type: 'tool-call', id: 'c1', name: 'bash', input: { command: 'tsc' } }],
  },
  {
    id: 't',
    role: 'tool',
    parts: [{ type: 'tool-result', toolCallId: 'c1', content: log, isError: true }],
  },
  { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'again' }] },
  {
    id: 'a2',
    role: 'assistant',
    parts: [{ type: 'tool-call', id: 'c2', name: 'bash', input: { command: 'tsc' } }],
  },
  {
    id: 't2',
    role: 'tool',
    parts: [
      { type: 'tool-result', toolCallId: 'c2', content: log.replace('step 1 ok', 'step 1 OK') },
    ],
  },
];

describe('elideToolResults', () => {
  it('gives the same stub objects to the next call with the same inputs, new ones otherwise', () => {
    const options = {
      tokenCounter: estimateCounter,
      recentFrom: 3,
      minTokens: 100,
      maxRecentTokens: 100_000,
    };
    const first = elideToolResults(history, options);
    const again = elideToolResults(history, options);
    expect(first.elisions.length).toBe(1);
    expect(again.history[2]).toBe(first.history[2]);
    expect(again).toEqual(first);
    const fewer = elideToolResults(history, { ...options, headLines: 5 });
    expect(fewer.history[2]).not.toBe(first.history[2]);
    expect(toolResultText(fewer.history[2]!.parts[0] as never)).not.toBe(
      toolResultText(first.history[2]!.parts[0] as never),
    );
    expect(elideToolResults(history, options).history[2]).not.toBe(first.history[2]);
  });

  it('elides old large results to head, tail, error lines and a reference; keeps recent ones', () => {
    const r = elideToolResults(history, {
      tokenCounter: estimateCounter,
      recentFrom: 3,
      maxRecentTokens: 100_000,
      minTokens: 100,
    });
    expect(r.elisions).toHaveLength(1);
    expect(r.history[5]).toBe(history[5]);
    const part = r.history[2]!.parts[0]!;
    if (part.type !== 'tool-result') throw new Error('not a result');
    expect(part.isError).toBe(true);
    const text = toolResultText(part);
    const f = identifyFragment(text)!;
    expect(f.type).toBe('elided-result');
    expect(f.attributes).toEqual({
      bytes: String(Buffer.byteLength(log)),
      lines: '500',
      ref: artifactRef(log),
      tool: 'bash',
    });
    expect(text).toContain('1: step 0 ok');
    expect(text).toContain('251: src/a.ts(3,4): error TS2304: Cannot find name "foo".');
    expect(text).toContain('500: step 499 ok');
    expect(text).not.toContain('step 100 ok');
    expect(r.artifacts).toEqual([{ ref: artifactRef(log), content: log }]);
    expect(history[2]!.parts[0]).toMatchObject({ content: log }); // input untouched
    // recent but oversized: elided too
    const r2 = elideToolResults(history, {
      tokenCounter: estimateCounter,
      recentFrom: 3,
      maxRecentTokens: 200,
      minTokens: 100,
    });
    expect(r2.elisions.map((e) => e.messageId)).toEqual(['t', 't2']);
    // already elided results are not elided again
    expect(
      elideToolResults(r2.history, {
        tokenCounter: estimateCounter,
        recentFrom: 0,
        maxRecentTokens: 1,
        minTokens: 1,
      }).elisions,
    ).toEqual([]);
  });

  it('never elides a page read back with read_artifact (its stub would point at what was just read)', () => {
    const readBack: Message[] = [
      ...history.slice(0, 3),
      {
        id: 'a3',
        role: 'assistant',
        parts: [
          { type: 'tool-call', id: 'c3', name: 'read_artifact', input: { ref: artifactRef(log) } },
        ],
      },
      { id: 't3', role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'c3', content: log }] },
    ];
    const r = elideToolResults(readBack, {
      tokenCounter: estimateCounter,
      recentFrom: 5,
      maxRecentTokens: 1,
      minTokens: 1,
    });
    expect(r.elisions.map((e) => e.messageId)).toEqual(['t']);
    expect(r.history[4]).toBe(readBack[4]);
  });
});

describe('read_artifact', () => {
  it('returns exact bytes, whole or by line range, for any text', async () => {
    const store = createMemoryArtifactStore();
    const read = createReadArtifactHandler(store);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.string(), fc.constant('\r\n'), fc.constant('\n')), { maxLength: 20 }),
        fc.nat(30),
        fc.nat(30),
        async (chunks, a, b) => {
          const text = chunks.join('');
          const ref = await store.put(text);
          const whole = await read({ ref });
          expect(whole.ok && whole.content).toBe(text);
          const lines = text === '' ? [] : text.match(/[^\n]*\n|[^\n]+$/g)!;
          const from = Math.min(a, b) + 1;
          const to = Math.max(a, b) + 1;
          const part = await read({ ref, start_line: from, end_line: to });
          if (from > lines.length) expect(part.ok).toBe(false);
          else expect(part.ok && part.content).toBe(lines.slice(from - 1, to).join(''));
        },
      ),
    );
  });

  it('pages: each call returns at most one page, and the pages put together are the exact text', async () => {
    const store = createMemoryArtifactStore();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.string({ maxLength: 30 }), fc.constant('\n'), fc.constant('\r\n')), {
          maxLength: 60,
        }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 40 }),
        async (chunks, pageLines, pageChars) => {
          const text = chunks.join('');
          const ref = await store.put(text);
          const read = createReadArtifactHandler(store, { pageLines, pageChars });
          let out = '';
          let next: number | undefined;
          for (let calls = 0; calls === 0 || next !== undefined; calls++) {
            expect(calls).toBeLessThan(1000);
            const page = await read(next === undefined ? { ref } : { ref, start_line: next });
            if (!page.ok) throw new Error(page.message);
            const lines = page.endLine - page.startLine + 1;
            if (text !== '') expect(lines).toBeGreaterThanOrEqual(1);
            expect(lines).toBeLessThanOrEqual(pageLines);
            if (lines > 1) expect(page.content.length).toBeLessThanOrEqual(pageChars);
            out += page.content;
            next = page.nextStartLine;
          }
          expect(out).toBe(text);
        },
      ),
    );
    // a wide range asked for still returns one page
    const big = Array.from({ length: 1000 }, (_, i) => `line ${i}`).join('\n');
    const page = await createReadArtifactHandler(store)({
      ref: await store.put(big),
      start_line: 1,
      end_line: 1000,
    });
    expect(page).toMatchObject({ ok: true, startLine: 1, endLine: 200, nextStartLine: 201 });
  });

  it('rejects bad input and unknown refs with typed results', async () => {
    const read = createReadArtifactHandler(createMemoryArtifactStore());
    expect(await read({ ref: 'nope' })).toMatchObject({ ok: false, code: 'E_ARTIFACT_INPUT' });
    expect(await read({ ref: artifactRef('x'), start_line: 0 })).toMatchObject({
      ok: false,
      code: 'E_ARTIFACT_INPUT',
    });
    expect(await read({ ref: artifactRef('x') })).toMatchObject({
      ok: false,
      code: 'E_ARTIFACT_NOT_FOUND',
    });
    expect(readArtifactTool.inputSchema).toMatchObject({ required: ['ref'] });
  });
});

describe('createFsArtifactStore', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('stores content-addressed files and reads them back exactly, verifying the hash', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ctxloom-artifacts-'));
    dirs.push(dir);
    const store = createFsArtifactStore(dir);
    const text = 'héllo\r\nwörld\n\u{1F600}';
    const ref = await store.put(text);
    expect(ref).toBe(artifactRef(text));
    expect(await store.put(text)).toBe(ref);
    expect(await store.get(ref)).toBe(text);
    expect(await store.get(artifactRef('absent'))).toBeUndefined();
    await writeFile(join(dir, 'sha256', ref.slice(7)), 'tampered');
    await expect(store.get(ref)).rejects.toMatchObject({ code: 'E_ARTIFACT_CORRUPT' });
  });
});

describe('expandElided', () => {
  it('puts the exact bytes back and reports what the store lacks', async () => {
    const store = createMemoryArtifactStore();
    const r = elideToolResults(history, {
      tokenCounter: estimateCounter,
      recentFrom: 6,
      maxRecentTokens: 1,
      minTokens: 100,
    });
    await store.put(r.artifacts[0]!.content);
    const back = await expandElided(r.history, store);
    expect(back.restored).toEqual([r.artifacts[0]!.ref]);
    expect(back.missing).toEqual([r.artifacts[1]!.ref]);
    expect(back.history[2]).toStrictEqual(history[2]);
    expect(back.history[5]).toBe(r.history[5]);
  });
});

describe('renderElided error lines', () => {
  it('counts the lines between head and tail that isErrorLine accepts, \\r kept (property)', () => {
    const unit = fc.constantFrom(
      'a',
      ' ',
      '\n',
      '\r',
      '\r\n',
      'error',
      'FAIL',
      'E ',
      'E  ',
      '✗',
      '0 errors',
      'x',
    );
    const settings = {
      headLines: 2,
      tailLines: 2,
      maxErrorLines: 1000,
      maxLineChars: 400,
      tokens: 1,
    };
    fc.assert(
      fc.property(fc.array(unit, { minLength: 1, maxLength: 40 }), (units) => {
        const text = units.join('');
        // the lines as lineStarts numbers them: no line after a final \n, each \r kept
        const lines = text.split('\n');
        if (text.endsWith('\n')) lines.pop();
        const tailFrom = Math.max(3, lines.length - 1);
        const expected = lines.filter((l, i) => i + 1 > 2 && i + 1 < tailFrom && isErrorLine(l));
        expect(renderElided(text, 'bash', settings).errorLines).toBe(expected.length);
      }),
      { numRuns: 2000 },
    );
    // the line keeps its \r: `E \r` is `E` and two white-space characters, `E ` is not
    expect(renderElided('a\nb\nE \r\nc\nd\n', 'bash', settings).errorLines).toBe(1);
    expect(renderElided('a\nb\nE \nc\nd\n', 'bash', settings).errorLines).toBe(0);
  });
});
