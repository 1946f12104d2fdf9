// Hostile repositories, super-linear time: crafted rule, skill, config and transcript text whose
// parsing used to grow quadratically. Each case times an input and the same input 8x larger, in
// CPU time (best of three), and asserts the ratio: linear gives ~8, quadratic ~64. Never absolute
// times (the timings themselves are in bench/parse-time.bench.mjs).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cpuMs } from '../../src/_internal/test-helpers/cpu-time.js';
import { parseProjectConfig } from '../../src/config/index.js';
import { readTranscript } from '../../src/history/index.js';
import { parseSkill } from '../../src/skills/index.js';
import {
  findImports,
  loadInstructionSources,
  MAX_FRONTMATTER_CHARS,
  parseFrontmatter,
  parseYamlDocument,
} from '../../src/sources/index.js';
import { o200kCounter } from '../../src/tokens/index.js';

/** CPU time of `run(make(8 * n))` over `run(make(n))`. */
function growth<T>(n: number, make: (n: number) => T, run: (input: T) => unknown): number {
  const small = make(n);
  const big = make(8 * n);
  run(small); // warm up
  const a = Math.max(
    cpuMs(() => run(small)),
    1,
  );
  return cpuMs(() => run(big)) / a;
}

const keys = (count: number, prefix = 'k', value = 'v') =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}: ${value}`).join('\n');
const skill = (frontmatter: string) => `---\n${frontmatter}\n---\nThe body.\n`;
const skillOptions = { file: '.claude/skills/s/SKILL.md', folderName: 's' };
// below the frontmatter cap, so that the 8x input is still parsed rather than refused
const FM = Math.floor(MAX_FRONTMATTER_CHARS / 8 / 1.1);

/** name, base size, input maker, what runs on it. */
const CASES: [string, number, (n: number) => unknown, (input: never) => unknown][] = [
  [
    '@import made of dots (trailing punctuation strip)',
    32_768,
    (n) => `@${'.'.repeat(n)}a`,
    findImports,
  ],
  ['@import with a dot run before a slash', 32_768, (n) => `@a${'.'.repeat(n)}/`, findImports],
  [
    'many @import tokens of dots',
    32_768,
    (n) => `@${'.'.repeat(64)}a `.repeat(n / 66),
    findImports,
  ],
  [
    'code-span runs that never close',
    32_768,
    (n) =>
      Array.from({ length: Math.sqrt(2 * n) }, (_, i) => `${'`'.repeat(i + 1)}a`).join('') +
      ' @x.md',
    findImports,
  ],
  [
    '.mdc frontmatter: a description with a long run of spaces',
    FM,
    (n) => `---\ndescription: a${' '.repeat(n)}b\n---\nbody\n`,
    (t: string) => parseFrontmatter(t, ['globs']),
  ],
  [
    '.mdc frontmatter: a globs line with a long run of spaces',
    FM,
    (n) => `---\nglobs: a,${' '.repeat(n)}b\n---\nbody\n`,
    (t: string) => parseFrontmatter(t, ['globs']),
  ],
  [
    '.mdc frontmatter: many keys (duplicate-key check)',
    FM,
    (n) => `---\n${keys(n / 10)}\n---\nbody\n`,
    (t: string) => parseFrontmatter(t, ['globs']),
  ],
  [
    'YAML: many keys in one map',
    8192,
    (n) => keys(n / 10),
    (t: string) => parseYamlDocument(t, { strict: true }),
  ],
  [
    'YAML: many keys in one flow map',
    8192,
    (n) => `{${Array.from({ length: n / 10 }, (_, i) => `k${i}: v`).join(', ')}}`,
    (t: string) => parseYamlDocument(t, { strict: true }),
  ],
  [
    'config: many unknown keys (one diagnostic line each)',
    8192,
    (n) => keys(n / 10),
    (t: string) => parseProjectConfig(t, '.ctxloom.yaml'),
  ],
  [
    'config: many invalid skill visibilities',
    8192,
    (n) => `skills:\n  visibility:\n${keys(n / 14, '    s', 'bad')}`,
    (t: string) => parseProjectConfig(t, '.ctxloom.yaml'),
  ],
  [
    'SKILL.md, lenient: a value of spaces ending in U+2028',
    FM,
    (n) => skill(`name: s: x\ndescription:${' '.repeat(n)}x\u2028`),
    (t: string) => parseSkill(t, skillOptions),
  ],
  [
    'SKILL.md: many unknown keys',
    FM,
    (n) => skill(`name: s\ndescription: d\n${keys(n / 10, 'u')}`),
    (t: string) => parseSkill(t, skillOptions),
  ],
  [
    'SKILL.md: many inputs',
    FM,
    (n) => skill(`name: s\ndescription: d\ninputs:\n${keys(n / 10, '  i', 'x')}`),
    (t: string) => parseSkill(t, skillOptions),
  ],
  [
    'SKILL.md, no frontmatter: a body of blank lines',
    32_768,
    (n) => `${'\n \n'.repeat(n / 3)}x`,
    (t: string) => parseSkill(t, skillOptions),
  ],
  [
    'transcript: one assistant turn with many tool calls',
    4096,
    (n) => ({
      messages: [
        { role: 'user', content: 'q' },
        {
          role: 'assistant',
          content: null,
          tool_calls: Array.from({ length: n / 8 }, (_, i) => ({
            id: `t${i}`,
            type: 'function',
            function: { name: 'x', arguments: '{}' },
          })),
        },
        ...Array.from({ length: n / 8 }, (_, i) => ({
          role: 'tool',
          tool_call_id: `t${i}`,
          content: 'r',
        })),
      ],
    }),
    (v: unknown) => readTranscript(v),
  ],
  [
    'token count of a long run of spaces (one BPE pre-token)',
    32_768,
    (n) => `${' '.repeat(n)}x`,
    (t: string) => o200kCounter.count(t),
  ],
  [
    'token count of a long run of newlines',
    32_768,
    (n) => `${'\n'.repeat(n)}x`,
    (t: string) => o200kCounter.count(t),
  ],
];

describe('hostile repositories: parsing grows linearly', () => {
  for (const [name, n, make, run] of CASES) {
    it(`${name}: 8x the input costs well under 64x the time`, () => {
      expect(growth(n, make as (n: number) => never, run)).toBeLessThan(24);
    });
  }
});

/** CPU time of an async load, best of three. */
async function cpuMsAsync(f: () => Promise<unknown>): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const t0 = process.cpuUsage();
    await f();
    const d = process.cpuUsage(t0);
    best = Math.min(best, (d.user + d.system) / 1000);
  }
  return best;
}

describe('hostile repositories: import resolution grows linearly', () => {
  it('an imported file of newlines before its text: 8x the input costs well under 64x', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ctxloom-hostile-import-'));
    try {
      mkdirSync(join(root, '.git'));
      writeFileSync(join(root, 'AGENTS.md'), '# Root\n@big.md\n');
      const load = () => loadInstructionSources({ cwd: root, root, home: join(root, 'no-home') });
      const time = async (n: number) => {
        writeFileSync(join(root, 'big.md'), `${'\n'.repeat(n)}x`);
        await load(); // warm up
        return cpuMsAsync(load);
      };
      const a = Math.max(await time(16_384), 1);
      expect((await time(131_072)) / a).toBeLessThan(24);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
