#!/usr/bin/env node
// Hostile-repository parsing: the crafted inputs of test/hostile/parse-time.test.ts at two sizes
// (n and 8n), in CPU milliseconds, with the ratio (linear ~8, quadratic ~64). The "former" rows
// run the expression each fix replaced, on the same input, so the before / after contrast prints
// on any machine (the former rows use smaller sizes: they are quadratic). Asserts nothing.
import { parseDocument } from 'yaml';
import { parseProjectConfig } from '../dist/config/index.js';
import { parseSkill } from '../dist/skills/index.js';
import { findImports, parseFrontmatter, parseYamlDocument } from '../dist/sources/index.js';
import { o200kCounter } from '../dist/tokens/index.js';
import { printTable, round } from './_util.mjs';

function cpuMs(f) {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const t0 = process.cpuUsage();
    f();
    const d = process.cpuUsage(t0);
    best = Math.min(best, (d.user + d.system) / 1000);
  }
  return best;
}

const keys = (count, prefix = 'k', value = 'v') =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}: ${value}`).join('\n');
const skill = (fm) => `---\n${fm}\n---\nThe body.\n`;
const skillOptions = { file: '.claude/skills/s/SKILL.md', folderName: 's' };

// [name, n, make, run]
const CASES = [
  ['@import of dots', 25_000, (n) => `@${'.'.repeat(n)}a`, findImports],
  [
    '  former: /[.,;:!?)]+$/ strip',
    6_000,
    (n) => `${'.'.repeat(n)}a`,
    (t) => t.replace(/[.,;:!?)]+$/, ''),
  ],
  [
    '.mdc description with a space run',
    7_000,
    (n) => `---\ndescription: a${' '.repeat(n)}b\n---\nbody\n`,
    (t) => parseFrontmatter(t, ['globs']),
  ],
  [
    '  former: raw-key line regex',
    3_000,
    (n) => `description: a${' '.repeat(n)}b`,
    (t) => /^([A-Za-z_][\w-]*)[ \t]*:[ \t]*(.*?)[ \t]*$/.exec(t),
  ],
  [
    'SKILL.md lenient, spaces + U+2028',
    7_000,
    (n) => skill(`name: s: x\ndescription:${' '.repeat(n)}x\u2028`),
    (t) => parseSkill(t, skillOptions),
  ],
  [
    '  former: lenient key line regex',
    2_500,
    (n) => `description:${' '.repeat(n)}x\u2028`,
    (t) => /^([A-Za-z0-9_-]+):(?:\s+(.*))?$/.exec(t),
  ],
  ['YAML map of many keys', 16_384, (n) => keys(n / 10), (t) => parseYamlDocument(t)],
  [
    '  former: yaml uniqueKeys: true',
    16_384,
    (n) => keys(n / 10),
    (t) => parseDocument(t, { uniqueKeys: true }),
  ],
  [
    'SKILL.md with many unknown keys',
    7_000,
    (n) => skill(`name: s\ndescription: d\n${keys(n / 10, 'u')}`),
    (t) => parseSkill(t, skillOptions),
  ],
  [
    'config with many unknown keys',
    16_384,
    (n) => keys(n / 10),
    (t) => parseProjectConfig(t, 'c.yaml'),
  ],
  [
    'token count of a run of spaces',
    16_384,
    (n) => `${' '.repeat(n)}x`,
    (t) => o200kCounter.count(t),
  ],
  [
    '  former: /\\n+$/ strip of an import',
    4_000,
    (n) => `${'\n'.repeat(n)}x`,
    (t) => t.replace(/\n+$/, ''),
  ],
];

const rows = [];
for (const [name, n, make, run] of CASES) {
  const small = make(n);
  const big = make(8 * n);
  run(small);
  const a = cpuMs(() => run(small));
  const b = cpuMs(() => run(big));
  rows.push([name, n, round(a, 2), 8 * n, round(b, 2), round(b / Math.max(a, 0.05), 1)]);
}
printTable(['input', 'n', 'ms at n', '8n', 'ms at 8n', 'ratio'], rows);
console.log('\nLinear code gives a ratio near 8; quadratic near 64.');
