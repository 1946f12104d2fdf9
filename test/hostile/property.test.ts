/**
 * Property: random repositories made of symlinks (in, out, loops, dangling, devices), FIFOs,
 * folders and odd names never crash, hang or leak. A secret string planted outside the repository
 * and in secret-named files inside it never appears in any loaded text.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readProjectFile } from '../../src/files/index.js';
import { FileSessionStore, loadConfirmedPlan, planPaths } from '../../src/session/index.js';
import { defaultSkillRoots, loadSkills } from '../../src/skills/index.js';
import { loadInstructionSources } from '../../src/sources/index.js';
import { type Entry, hostileTree, plant, within } from './helpers.js';

const MARKER = 'PLANTED-SECRET-7f3a9c';

/** Where a hostile repository puts things ctxloom reads. */
const SLOTS = [
  'AGENTS.md',
  'CLAUDE.md',
  'docs/notes.md',
  'pkg/AGENTS.md',
  '.cursor/rules/r.mdc',
  '.claude/rules/c.md',
  '.agents/skills/s/SKILL.md',
  '.agents/skills/s/references/ref.md',
  '.agents/skills/t/SKILL.md',
  '.ctxloom/plan/PLAN.md',
  '.ctxloom/memory/MEMORY.md',
  '.ctxloom/sessions/a.json',
  'odd/na\nme.md',
  'odd/\u202eevil.md',
  'odd/ spaced .md',
];

const texts = fc.constantFrom(
  '# Rules\nBe nice.\n',
  '@.env\n',
  '@prod.env\n@docs/notes.md\n',
  '@../outside/secret.md\n',
  '---\nname: s\ndescription: a skill\n---\nbody @.dev.vars\n',
  '---\nalwaysApply: true\n---\n@AGENTS.md\n',
  `{"version":2,"id":"a","createdAt":"2026-01-01T00:00:00.000Z","revision":0}`,
);

/** Link targets: inside, outside, secret, special, loops and nothing. */
const targets = (home: string) =>
  fc.constantFrom(
    join(home, 'secret.md'),
    join(home, '.ssh/id_ed25519'),
    '/proc/self/environ',
    '/dev/zero',
    '.env',
    'AGENTS.md',
    'CLAUDE.md',
    'loop-a',
    'nowhere',
    join(home),
  );

const entry = (home: string): fc.Arbitrary<Entry> =>
  fc.oneof(
    { weight: 4, arbitrary: texts },
    { weight: 4, arbitrary: targets(home).map((t) => ({ link: t })) },
    { weight: 1, arbitrary: fc.constant({ fifo: true as const }) },
    { weight: 1, arbitrary: fc.constant({ dir: true as const }) },
  );

describe('random hostile trees', () => {
  it('never crash, hang or leak the planted secret', async () => {
    const home = hostileTree({
      'secret.md': `${MARKER}\n`,
      '.ssh/id_ed25519': `${MARKER}\n`,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...SLOTS), entry(home), { maxKeys: 8 }),
        async (slots) => {
          const root = hostileTree({
            '.git/HEAD': 'ref: x',
            '.env': `KEY=${MARKER}\n`,
            'prod.env': `KEY=${MARKER}\n`,
            '.dev.vars': `KEY=${MARKER}\n`,
            'loop-a': { link: 'loop-b' },
            'loop-b': { link: 'loop-a' },
          });
          // links are planted relative to each slot's folder; absolute ones as they are
          const fixed: Record<string, Entry> = {};
          for (const [slot, e] of Object.entries(slots)) {
            if (typeof e === 'object' && 'link' in e && !e.link.startsWith('/')) {
              const depth = slot.split('/').length - 1;
              fixed[slot] = { link: `${'../'.repeat(depth)}${e.link}` };
            } else fixed[slot] = e;
          }
          plant(root, fixed);
          const results = await within(
            20_000,
            (async () => [
              await loadInstructionSources({ cwd: root, home }),
              await loadSkills(defaultSkillRoots({ projectDir: root, homeDir: home })),
              loadConfirmedPlan(planPaths(root)),
              await new FileSessionStore(join(root, '.ctxloom/sessions'), { root }).list(),
              SLOTS.map((s) => readProjectFile(join(root, s), { roots: [root], maxBytes: 65_536 })),
            ])(),
          );
          const all = JSON.stringify(results);
          expect(all).not.toContain(MARKER);
          expect(all).not.toContain('PATH=');
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
