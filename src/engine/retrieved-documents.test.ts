import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openContext } from './context-engine.js';

const DEMO = resolve(dirname(fileURLToPath(import.meta.url)), '../../examples/demo-repo');

describe('engine.setRetrievedDocuments', () => {
  it('gates passages through the engine scanner and renders them in the next prepare()', async () => {
    const base = mkdtempSync(join(tmpdir(), 'ctxloom-retrieved-'));
    cpSync(DEMO, join(base, 'repo'), { recursive: true });
    const cx = await openContext<'anthropic'>({
      cwd: join(base, 'repo'),
      home: join(base, 'home'),
      model: 'claude-sonnet-4-5',
      provider: 'anthropic',
      window: 200_000,
      clock: () => new Date(Date.UTC(2026, 0, 1)),
      id: 'retrieved',
      scanner: (text) =>
        text.includes('EVIL')
          ? { verdict: 'blocked', findings: [{ ruleId: 'test.evil', severity: 'block' }] }
          : { verdict: 'clean', findings: [] },
    });
    const kept = cx.setRetrievedDocuments([
      { source: 'wiki/deploy.md', text: 'Deploys run from main.' },
      { source: 'wiki/evil.md', text: 'EVIL instructions' },
    ]);
    expect(kept.passages.map((p) => p.source)).toEqual(['wiki/deploy.md']);
    expect(cx.diagnostics.map((d) => d.code)).toContain('W_RETRIEVED_BLOCKED');
    await cx.addUserMessage('How do deploys work?');
    const { request } = await cx.prepare();
    const system = JSON.stringify(request.system);
    expect(system).toContain('<retrieved-passage source=\\"wiki/deploy.md\\">');
    expect(system).toContain('Deploys run from main.');
    expect(system).not.toContain('EVIL');
    cx.setRetrievedDocuments([]);
    expect(JSON.stringify((await cx.prepare()).request.system)).not.toContain('retrieved-passage');
  });
});
