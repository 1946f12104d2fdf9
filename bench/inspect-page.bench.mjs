// The inspector's output sizes and times: the HTML page and the `context` inspection for the demo
// project and for a synthetic session of about 150k history tokens (120 turns, each a user message,
// a read_file call and a 43-line result). Prints a table; asserts nothing about time.
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadInspection, renderInspectionHtml } from '../dist/inspect/index.js';
import { createSession, serializeSession, updateSession } from '../dist/session/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const DEMO = resolve(here, '..', 'examples', 'demo-repo');
const NOW = new Date('2026-01-01T00:00:00Z');

function bigSessionRepo() {
  const repo = join(mkdtempSync(join(tmpdir(), 'ctxloom-inspect-bench-')), 'repo');
  cpSync(DEMO, repo, { recursive: true });
  mkdirSync(join(repo, '.git'));
  const history = [];
  let n = 0;
  const line = (i) =>
    `src/module${i % 40}/file${i}.ts:${i} export function handler${i}(req, res) { return res.send(${i}); }`;
  for (let t = 0; t < 120; t++) {
    history.push({
      id: `m${n++}`,
      role: 'user',
      parts: [{ type: 'text', text: `Step ${t}: fix test ${t} in module ${t % 40}.` }],
    });
    history.push({
      id: `m${n++}`,
      role: 'assistant',
      parts: [
        {
          type: 'tool-call',
          id: `c${t}`,
          name: 'read_file',
          input: { path: `src/module${t}/index.ts` },
        },
      ],
    });
    const body = Array.from({ length: 43 }, (_, k) => line(t * 100 + k)).join('\n');
    history.push({
      id: `m${n++}`,
      role: 'tool',
      parts: [{ type: 'tool-result', toolCallId: `c${t}`, content: body }],
    });
  }
  history.push({ id: `m${n++}`, role: 'assistant', parts: [{ type: 'text', text: 'Done.' }] });
  let s = createSession({ id: 'big', createdAt: '2026-01-01T00:00:00.000Z' });
  s = updateSession(s, {
    history,
    messageSeq: n,
    cache: { turns: 121, inputTotal: 9_000_000, cacheRead: 8_000_000, cacheWrite: 500_000 },
  });
  mkdirSync(join(repo, '.ctxloom', 'sessions'), { recursive: true });
  writeFileSync(join(repo, '.ctxloom', 'sessions', 'big.json'), serializeSession(s));
  return repo;
}

const cases = [
  ['demo project', DEMO, undefined],
  ['150k-token session', bigSessionRepo(), 'big'],
];
console.log('case                  used tokens  messages  inspect ms  render ms  page bytes');
for (const [name, cwd, sessionId] of cases) {
  const t0 = performance.now();
  const { inspection } = await loadInspection({ cwd, sessionId, now: NOW, home: '/nonexistent' });
  const t1 = performance.now();
  const html = renderInspectionHtml(inspection);
  const t2 = performance.now();
  console.log(
    `${name.padEnd(20)}  ${String(inspection.usage.used).padStart(11)}  ${String(inspection.session?.messages ?? 0).padStart(8)}  ${(t1 - t0).toFixed(0).padStart(10)}  ${(t2 - t1).toFixed(0).padStart(9)}  ${String(Buffer.byteLength(html)).padStart(10)}`,
  );
}
