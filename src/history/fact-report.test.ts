import { describe, expect, it } from 'vitest';
import type { Artifact } from './elide.js';
import { reportFacts } from './fact-report.js';
import type { Message } from './message.js';

const input: Message[] = [
  { id: 'u', role: 'user', parts: [{ type: 'text', text: 'Fix PROJ-7 in src/app/main.ts' }] },
  {
    id: 'a',
    role: 'assistant',
    parts: [{ type: 'tool-call', id: 'c', name: 'bash', input: { command: 'make' } }],
  },
  {
    id: 't',
    role: 'tool',
    parts: [{ type: 'tool-result', toolCallId: 'c', content: 'Error: linker failed at lib/x.c' }],
  },
];

describe('reportFacts', () => {
  it('sorts every input fact into verbatim, only in an artifact (with its ref), or dropped', () => {
    const artifacts: Artifact[] = [
      { ref: 'sha256:ab' as Artifact['ref'], content: 'Error: linker failed at lib/x.c' },
    ];
    const r = reportFacts(input, 'Fix PROJ-7 in src/app/main.ts', artifacts, false);
    expect(r.verbatim.map((f) => f.value)).toEqual(
      expect.arrayContaining(['Fix PROJ-7 in src/app/main.ts', 'PROJ-7', 'src/app/main.ts']),
    );
    expect(r.inArtifacts.map((a) => [a.fact.value, a.ref])).toContainEqual([
      'Error: linker failed at lib/x.c',
      'sha256:ab',
    ]);
    expect(r.dropped).toEqual([]);
    const none = reportFacts(input, 'nothing', [], true);
    expect(none.verbatim).toEqual([]);
    expect(none.dropped.map((d) => d.reason)).toContain('removed-by-scanner');
    expect(none.dropped.map((d) => d.fact.value)).toContain('PROJ-7');
  });
});
