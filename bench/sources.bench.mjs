#!/usr/bin/env node
// Discovery cost of the instruction-source loader. Generates trees 12 levels deep (100,000 files
// and 1,000 files) in a temp dir, with AGENTS.md files along one deep path and a .cursor/rules
// folder at the root, then times a full load from the root and from the deepest folder.
// Claim under test: the cost grows with the depth of cwd, not with the size of the tree (the
// loader stats a fixed set of names per folder on the path and lists only the rules folders).
// For contrast it also times one recursive listing of the big tree (what a tree walk would cost).
// Prints tables and ratios; asserts nothing about time.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadInstructionSources, nodeSourceFs } from '../dist/sources/index.js';

const DEPTH = 12;
const FANOUT = 2;
const RUNS = 40;

/** The folder of file number `i`: a path of DEPTH segments picked by the digits of i in base FANOUT. */
function folderOf(i) {
  const parts = [];
  let n = i;
  for (let level = 0; level < DEPTH; level++) {
    parts.push(`d${level}_${n % FANOUT}`);
    n = Math.floor(n / FANOUT);
  }
  return parts;
}

function generate(root, fileCount) {
  mkdirSync(join(root, '.git'), { recursive: true });
  const made = new Set();
  for (let i = 0; i < fileCount; i++) {
    const dir = join(root, ...folderOf(i));
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(join(dir, `file${i}.ts`), `export const v${i} = ${i};\n`);
  }
  // Instruction files along the deepest path of file 0, and a rules folder at the root.
  const spine = folderOf(0);
  writeFileSync(join(root, 'AGENTS.md'), '# Root\nUse strict TypeScript.\n');
  for (const level of [3, 7, 11]) {
    writeFileSync(
      join(root, ...spine.slice(0, level + 1), 'AGENTS.md'),
      `# Level ${level}\nLocal rules.\n`,
    );
  }
  mkdirSync(join(root, '.cursor/rules'), { recursive: true });
  for (let r = 0; r < 20; r++) {
    writeFileSync(
      join(root, '.cursor/rules', `rule${r}.mdc`),
      `---\nglobs: "**/*.ts"\n---\nRule ${r}\n`,
    );
  }
  return { dirs: made.size, deep: join(root, ...spine) };
}

function countingFs() {
  const calls = { stat: 0, readdir: 0, read: 0 };
  return {
    calls,
    fs: {
      stat: (p) => {
        calls.stat++;
        return nodeSourceFs.stat(p);
      },
      realpath: (p) => nodeSourceFs.realpath(p),
      readHead: (p, n) => {
        calls.read++;
        return nodeSourceFs.readHead(p, n);
      },
      readdir: (p) => {
        calls.readdir++;
        return nodeSourceFs.readdir(p);
      },
    },
  };
}

/** Counts the fs operations of one load. */
async function count(cwd) {
  const { fs, calls } = countingFs();
  const first = await loadInstructionSources({ cwd, fs, globalFiles: [] });
  return { calls, sources: first.sources.length, rules: first.rules.length };
}

/** Times loads of every cwd, interleaved (one of each per round) after a warm-up. */
async function timeAll(cwds) {
  const samples = cwds.map(() => []);
  for (let w = 0; w < 5; w++)
    for (const cwd of cwds) await loadInstructionSources({ cwd, globalFiles: [] });
  for (let r = 0; r < RUNS; r++) {
    for (let i = 0; i < cwds.length; i++) {
      const t0 = performance.now();
      await loadInstructionSources({ cwd: cwds[i], globalFiles: [] });
      samples[i].push(performance.now() - t0);
    }
  }
  return samples.map((s) => {
    s.sort((a, b) => a - b);
    return { median: s[Math.floor(s.length / 2)], p90: s[Math.floor(s.length * 0.9)] };
  });
}

function walkAll(dir) {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    n++;
    if (e.isDirectory()) n += walkAll(join(dir, e.name));
  }
  return n;
}

const base = mkdtempSync(join(tmpdir(), 'ctxloom-bench-sources-'));
try {
  const trees = [];
  for (const files of [1_000, 100_000]) {
    const root = join(base, `t${files}`);
    const t0 = performance.now();
    const g = generate(root, files);
    trees.push({ files, root, ...g, genMs: performance.now() - t0 });
  }
  const configs = [];
  for (const t of trees) {
    configs.push({ tree: t.files, dirs: t.dirs, label: 'root', depth: 0, cwd: t.root });
    configs.push({ tree: t.files, dirs: t.dirs, label: 'deep', depth: DEPTH, cwd: t.deep });
  }
  const times = await timeAll(configs.map((c) => c.cwd));
  const rows = [];
  for (let i = 0; i < configs.length; i++)
    rows.push({ ...configs[i], ...times[i], ...(await count(configs[i].cwd)) });
  const big = trees[1];
  const w0 = performance.now();
  const entries = walkAll(big.root);
  const walkMs = performance.now() - w0;

  const fmt = (n) => n.toFixed(2);
  console.log(
    `trees: ${trees.map((t) => `${t.files} files / ${t.dirs} leaf folders, ${DEPTH} levels (generated in ${(t.genMs / 1000).toFixed(1)} s)`).join('; ')}`,
  );
  console.log(
    `median and p90 of ${RUNS} full loads each (discover + read + parse + budget), interleaved after a warm-up, Node ${process.version}`,
  );
  console.log('stat / readdir / reads: file-system operations of one load (deterministic)\n');
  console.log(
    'tree files  leaf dirs  cwd   depth  median ms  p90 ms  stat  readdir  reads  sources  rules',
  );
  for (const r of rows) {
    console.log(
      `${String(r.tree).padStart(10)}  ${String(r.dirs).padStart(9)}  ${r.label.padEnd(4)}  ${String(r.depth).padStart(5)}  ${fmt(r.median).padStart(9)}  ${fmt(r.p90).padStart(6)}  ${String(r.calls.stat).padStart(4)}  ${String(r.calls.readdir).padStart(7)}  ${String(r.calls.read).padStart(5)}  ${String(r.sources).padStart(7)}  ${String(r.rules).padStart(5)}`,
    );
  }
  const get = (tree, label) => rows.find((r) => r.tree === tree && r.label === label);
  console.log('\nratios (median):');
  console.log(
    `  100k tree / 1k tree, cwd at root : ${fmt(get(100_000, 'root').median / get(1_000, 'root').median)}x  (100x more files)`,
  );
  console.log(
    `  100k tree / 1k tree, cwd 12 deep : ${fmt(get(100_000, 'deep').median / get(1_000, 'deep').median)}x  (100x more files)`,
  );
  console.log(
    `  deep / root, 100k tree           : ${fmt(get(100_000, 'deep').median / get(100_000, 'root').median)}x  (12 more folders on the path, 3 more files read)`,
  );
  console.log(
    `  deep / root, 1k tree             : ${fmt(get(1_000, 'deep').median / get(1_000, 'root').median)}x`,
  );
  console.log(
    `\nfor contrast: one recursive listing of the 100k tree takes ${fmt(walkMs)} ms (${entries} entries), ${fmt(walkMs / get(100_000, 'deep').median)}x a deep load`,
  );
} finally {
  rmSync(base, { recursive: true, force: true });
}
