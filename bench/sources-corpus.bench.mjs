#!/usr/bin/env node
// Loads every real instruction file in ../shared/corpora/benign/instructions/ through the
// instruction-source loader, each alone in a temporary repository under its real file name and
// place (e.g. `.cursor/rules/x.mdc`, `.github/instructions/x.instructions.md`, `.clinerules/x.md`).
// Reports how many load, how `.mdc` files classify (always / glob / agent-requested / manual), and
// every diagnostic by code, per source repository. Counts crashes (must be zero). No scanner is
// plugged in here (the loader reports I_NOT_SCANNED); no timing is asserted.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadInstructionSources } from '../dist/sources/index.js';

const corpora = fileURLToPath(new URL('../../shared/corpora/', import.meta.url));
const folder = join(corpora, 'benign/instructions');

/** corpus file name -> { repo, sourcePath } from MANIFEST.tsv */
const manifest = new Map();
for (const line of readFileSync(join(corpora, 'MANIFEST.tsv'), 'utf8').split('\n').slice(1)) {
  const [path, repo, sourcePath] = line.split('\t');
  if (path?.startsWith('benign/instructions/'))
    manifest.set(path.slice('benign/instructions/'.length), { repo, sourcePath });
}

/** Where a file lives in a real repository, from its original path. */
function placement(sourcePath) {
  const name = basename(sourcePath);
  if (/(^|\/)\.clinerules\//.test(sourcePath)) return `.clinerules/${name}`;
  if (/(^|\/)workflows\//.test(sourcePath)) return `.clinerules/workflows/${name}`;
  if (name.endsWith('.mdc')) return `.cursor/rules/${name}`;
  if (name.endsWith('.instructions.md')) return `.github/instructions/${name}`;
  if (name.endsWith('.agent.md')) return `.github/agents/${name}`;
  if (name === 'copilot-instructions.md') return '.github/copilot-instructions.md';
  if (
    [
      '.cursorrules',
      'AGENTS.md',
      'CLAUDE.md',
      'GEMINI.md',
      'AGENTS.override.md',
      'CLAUDE.local.md',
    ].includes(name)
  )
    return name;
  return null;
}

function typeOf(placed) {
  if (placed.endsWith('.mdc')) return '.mdc';
  if (placed.startsWith('.clinerules/workflows/')) return 'cline workflow';
  if (placed.startsWith('.clinerules/')) return 'cline rule';
  if (placed.endsWith('.instructions.md')) return '.instructions.md';
  if (placed.endsWith('.agent.md')) return '.agent.md';
  return placed;
}

const files = readdirSync(folder).sort();
const base = mkdtempSync(join(tmpdir(), 'ctxloom-corpus-'));
const perRepo = new Map();
const perType = new Map();
const mdcModes = new Map();
const modesByType = new Map();
const diagByCode = new Map();
const diagByRepoCode = new Map();
const notable = [];
let loaded = 0;
let truncated = 0;
let crashes = 0;
let unplaced = 0;
let totalMs = 0;
const inc = (m, k, n = 1) => m.set(k, (m.get(k) ?? 0) + n);

try {
  for (let i = 0; i < files.length; i++) {
    const file = files[i];
    const meta = manifest.get(file) ?? { repo: 'unknown', sourcePath: file.split('__').pop() };
    const placed = placement(meta.sourcePath);
    const repoStats = perRepo.get(meta.repo) ?? { files: 0, loaded: 0, diagnostics: 0 };
    perRepo.set(meta.repo, repoStats);
    repoStats.files++;
    if (placed === null) {
      unplaced++;
      notable.push(`unplaced (no known location for ${meta.sourcePath}): ${file}`);
      continue;
    }
    const type = typeOf(placed);
    const t = perType.get(type) ?? { files: 0, loaded: 0 };
    perType.set(type, t);
    t.files++;
    const repo = join(base, `r${i}`);
    mkdirSync(join(repo, '.git'), { recursive: true });
    mkdirSync(dirname(join(repo, placed)), { recursive: true });
    writeFileSync(join(repo, placed), readFileSync(join(folder, file)));
    try {
      const start = performance.now();
      const result = await loadInstructionSources({ cwd: repo, globalFiles: [] });
      totalMs += performance.now() - start;
      const record = [...result.sources, ...result.rules].find((s) => s.path === placed);
      const ok =
        record !== undefined && (record.status === 'loaded' || record.status === 'truncated');
      if (ok) {
        loaded++;
        t.loaded++;
        repoStats.loaded++;
        if (record.status === 'truncated') truncated++;
      } else
        notable.push(
          `not loaded (${record?.status ?? 'not found'}${record?.reason ? `: ${record.reason}` : ''}): ${file}`,
        );
      const rule = result.rules.find((r) => r.path === placed);
      const mode =
        rule?.mode ??
        (result.sources.some((s) => s.path === placed && s.scope === 'rule') ? 'always' : 'prompt');
      inc(modesByType, `${type}\t${mode}`);
      if (type === '.mdc') inc(mdcModes, mode);
      for (const d of result.diagnostics) {
        inc(diagByCode, d.code);
        inc(diagByRepoCode, `${meta.repo}\t${d.code}`);
        repoStats.diagnostics++;
        if (d.severity !== 'info')
          notable.push(`${d.code} ${file}${d.line ? `:${d.line}` : ''}: ${d.message}`);
      }
    } catch (error) {
      crashes++;
      notable.push(`CRASH ${file}: ${error?.stack ?? error}`);
    }
    rmSync(repo, { recursive: true, force: true });
  }
} finally {
  rmSync(base, { recursive: true, force: true });
}

const table = (rows) => {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  for (const r of rows)
    console.log(
      r
        .map((v, c) => (c === 0 ? String(v).padEnd(widths[c]) : String(v).padStart(widths[c])))
        .join('  '),
    );
};
const sorted = (m) => [...m.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1));

console.log(`corpus: ${folder}`);
console.log(
  `files ${files.length}, loaded ${loaded} (${truncated} truncated to the per-file cap), unplaced ${unplaced}, crashes ${crashes}`,
);
console.log(
  `load time: total ${totalMs.toFixed(0)} ms, mean ${(totalMs / Math.max(1, files.length - unplaced)).toFixed(2)} ms per repository\n`,
);
console.log('by file type:');
table([['type', 'files', 'loaded'], ...sorted(perType).map(([k, v]) => [k, v.files, v.loaded])]);
console.log('\n.mdc classification:');
table([
  ['mode', 'files'],
  ...['always', 'glob', 'agent-requested', 'manual'].map((m) => [m, mdcModes.get(m) ?? 0]),
]);
console.log('\nmode by file type (prompt = loaded up front as a project file):');
table([
  ['type / mode', 'files'],
  ...sorted(modesByType).map(([k, v]) => [k.replace('\t', ' / '), v]),
]);
console.log('\nby source repository:');
table([
  ['repository', 'files', 'loaded', 'diagnostics'],
  ...sorted(perRepo).map(([k, v]) => [k, v.files, v.loaded, v.diagnostics]),
]);
console.log('\ndiagnostics by code:');
table([['code', 'count'], ...sorted(diagByCode)]);
console.log('\ndiagnostics by repository and code:');
table([
  ['repository / code', 'count'],
  ...sorted(diagByRepoCode).map(([k, v]) => [k.replace('\t', ' / '), v]),
]);
console.log(`\nevery warning / error / non-load (${notable.length}):`);
for (const n of notable) console.log(`  ${n}`);

// Part 2: repositories with several project files, each file at its real path in one repository,
// loaded from the deepest folder that holds one (hierarchical strategy, default budget).
const projectNames = new Set([
  'AGENTS.md',
  'CLAUDE.md',
  'GEMINI.md',
  'copilot-instructions.md',
  '.cursorrules',
]);
const byRepo = new Map();
for (const [file, meta] of manifest) {
  if (!projectNames.has(basename(meta.sourcePath))) continue;
  const list = byRepo.get(meta.repo) ?? [];
  list.push({ file, sourcePath: meta.sourcePath });
  byRepo.set(meta.repo, list);
}
console.log('\nrepositories with several project files, loaded together from the deepest folder:');
for (const [repoName, list] of sorted(byRepo)) {
  if (list.length < 2 || list.length > 20) continue;
  const repo = mkdtempSync(join(tmpdir(), 'ctxloom-corpus-repo-'));
  try {
    mkdirSync(join(repo, '.git'));
    for (const f of list) {
      mkdirSync(dirname(join(repo, f.sourcePath)), { recursive: true });
      writeFileSync(join(repo, f.sourcePath), readFileSync(join(folder, f.file)));
    }
    const deepest = list
      .map((f) => dirname(f.sourcePath))
      .sort((a, b) => b.split('/').length - a.split('/').length)[0];
    const result = await loadInstructionSources({
      cwd: join(repo, deepest === '.' ? '' : deepest),
      globalFiles: [],
    });
    console.log(`\n  ${repoName}  (cwd ${deepest})`);
    table([
      ['    path', 'scope', 'status', 'bytes', 'kept', 'cut', 'tokens'],
      ...result.sources.map((s) => [
        `    ${s.path}`,
        s.scope,
        s.status,
        s.fullBytes,
        s.bytesKept,
        s.bytesCut,
        s.tokens,
      ]),
    ]);
    const total = result.sources.reduce((n, s) => n + Buffer.byteLength(s.content), 0);
    console.log(
      `    delivered ${total} bytes; not on the path from the root: ${list.length - result.sources.length}`,
    );
    for (const d of result.diagnostics)
      if (d.code !== 'I_NOT_SCANNED')
        console.log(`    ${d.code} ${d.file ?? ''}${d.line ? `:${d.line}` : ''} ${d.message}`);
  } catch (error) {
    crashes++;
    console.log(`  CRASH ${repoName}: ${error?.stack ?? error}`);
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
}
console.log(`\ncrashes: ${crashes}`);
process.exitCode = crashes === 0 ? 0 : 1;
