/**
 * The public face, as a user installs it: `npm pack` the package once, unpack the tarball into
 * `node_modules/ctxloom` of a throw-away project, and from there (1) import every entry of the
 * `exports` map by its bare name, (2) type-check a file importing a type from every entry with
 * the repository's TypeScript (NodeNext, so the `types` condition is what resolves), and (3)
 * compare every entry's export list with its golden file (`test/__golden__/exports-<entry>.txt`;
 * `UPDATE_GOLDEN=1` rewrites them). Runs against the built `dist/` (`npm test` builds first).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/cli-process.js';

const GOLDEN_DIR = join(REPO_ROOT, 'test', '__golden__');
const update = process.env.UPDATE_GOLDEN === '1';
const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, string | Record<string, string>>;
  dependencies: Record<string, string>;
};

/** Every code entry of the exports map as a bare specifier: `ctxloom`, `ctxloom/history`, ... */
const SPECIFIERS = Object.keys(pkg.exports)
  .filter((key) => key !== './package.json')
  .map((key) => (key === '.' ? 'ctxloom' : `ctxloom/${key.slice(2)}`));

/** `ctxloom` → `root`, `ctxloom/history` → `history`. */
const entryName = (specifier: string) =>
  specifier === 'ctxloom' ? 'root' : specifier.slice('ctxloom/'.length);

let work = '';
let project = '';

beforeAll(() => {
  if (!existsSync(join(REPO_ROOT, 'dist', 'index.d.ts'))) {
    throw new Error('dist/ is missing: run `npm run build` (npm test does it) first');
  }
  work = mkdtempSync(join(tmpdir(), 'ctxloom-pack-'));
  // --ignore-scripts: `prepare` would rebuild; dist/ is already built and is what gets packed.
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  ) as { filename: string }[];
  const tarball = join(work, packed[0]?.filename ?? '');
  project = join(work, 'project');
  const modules = join(project, 'node_modules');
  mkdirSync(modules, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', work]);
  renameSync(join(work, 'package'), join(modules, 'ctxloom'));
  // the runtime dependencies come from the repository's install (they have none of their own)
  for (const dep of Object.keys(pkg.dependencies)) {
    symlinkSync(join(REPO_ROOT, 'node_modules', dep), join(modules, dep), 'dir');
  }
  // a TypeScript user has @types/node: the declarations name Node types
  mkdirSync(join(modules, '@types'));
  symlinkSync(join(REPO_ROOT, 'node_modules', '@types', 'node'), join(modules, '@types', 'node'));
  writeFileSync(join(project, 'package.json'), '{ "name": "consumer", "type": "module" }\n');
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** True when some link of an alias chain is `export type` / `import type` (`type X` included). */
function typeOnly(checker: ts.TypeChecker, symbol: ts.Symbol): boolean {
  for (let s: ts.Symbol | undefined = symbol; s && s.flags & ts.SymbolFlags.Alias; ) {
    for (const d of s.declarations ?? []) {
      if (ts.isExportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly)) return true;
      if (ts.isImportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly)) return true;
      if (ts.isImportClause(d) && d.isTypeOnly) return true;
    }
    s = checker.getImmediateAliasedSymbol(s);
  }
  return false;
}

let declaredCache: Map<string, string[]> | undefined;

/** The export list of every entry as the packed declarations give it, one `kind name` a line. */
function declaredExports(): Map<string, string[]> {
  if (declaredCache) return declaredCache;
  const file = join(project, 'entries.ts');
  writeFileSync(file, SPECIFIERS.map((s, i) => `import * as e${i} from '${s}';\n`).join(''));
  const program = ts.createProgram([file], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error('entries.ts was not loaded');
  const lists = new Map<string, string[]>();
  source.statements.forEach((statement, i) => {
    const specifier = SPECIFIERS[i] ?? '';
    if (!ts.isImportDeclaration(statement)) throw new Error('unexpected statement');
    const module = checker.getSymbolAtLocation(statement.moduleSpecifier);
    if (!module) throw new Error(`${specifier} does not resolve to declarations`);
    const lines = checker.getExportsOfModule(module).map((symbol) => {
      const target =
        symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const value = target.flags & ts.SymbolFlags.Value && !typeOnly(checker, symbol);
      return `${value ? 'value' : 'type'} ${symbol.name}`;
    });
    const byName = (line: string) => line.slice(line.indexOf(' ') + 1);
    lines.sort((a, b) => (byName(a) < byName(b) ? -1 : byName(a) > byName(b) ? 1 : 0));
    lists.set(specifier, lines);
  });
  declaredCache = lists;
  return lists;
}

describe('the packed package', () => {
  it('maps every entry to built files, types first', () => {
    for (const [key, target] of Object.entries(pkg.exports)) {
      if (key === './package.json') continue;
      expect(typeof target, key).toBe('object');
      const conditions = target as Record<string, string>;
      expect(Object.keys(conditions), key).toEqual(['types', 'import']);
      const folder = key === '.' ? '' : `${key.slice(2)}/`;
      expect(conditions.types).toBe(`./dist/${folder}index.d.ts`);
      expect(conditions.import).toBe(`./dist/${folder}index.js`);
      expect(
        existsSync(join(project, 'node_modules', 'ctxloom', conditions.types ?? '')),
        key,
      ).toBe(true);
    }
  });

  it('imports every entry by its bare name from an installed copy', () => {
    const script = `const out = {};
for (const s of ${JSON.stringify(SPECIFIERS)}) out[s] = Object.keys(await import(s)).sort();
process.stdout.write(JSON.stringify(out));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: project,
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    const runtime = JSON.parse(r.stdout) as Record<string, string[]>;
    const declared = declaredExports();
    for (const specifier of SPECIFIERS) {
      const values = (declared.get(specifier) ?? [])
        .filter((line) => line.startsWith('value '))
        .map((line) => line.slice('value '.length))
        .sort();
      // what the .d.ts promises as a value is exactly what the module gives at run time
      expect(runtime[specifier], specifier).toEqual(values);
    }
    expect(runtime.ctxloom).toContain('openContext');
  });

  it('type-checks a file importing a type from every entry (tsc --noEmit, NodeNext)', () => {
    const declared = declaredExports();
    const lines = SPECIFIERS.map((specifier, i) => {
      const type = (declared.get(specifier) ?? []).find((line) => line.startsWith('type '));
      const value = (declared.get(specifier) ?? []).find((line) => line.startsWith('value '));
      const name = (type ?? value ?? '').slice((type ? 'type ' : 'value ').length);
      return type
        ? `import type { ${name} as T${i} } from '${specifier}';\nexport type U${i} = T${i};\n`
        : `import { ${name} as v${i} } from '${specifier}';\nexport const u${i} = v${i};\n`;
    });
    lines.push(
      "import { type OpenContextOptions, openContext } from 'ctxloom';\n",
      'export const open: (o: OpenContextOptions) => unknown = openContext;\n',
      '// @ts-expect-error a subpath that is not in the exports map does not resolve\n',
      "import type {} from 'ctxloom/cli';\n",
      "// @ts-expect-error an internal helper is not exported by its folder's entry\n",
      "import { compareCodeUnits } from 'ctxloom/prompt';\n",
      'export const internal = compareCodeUnits;\n',
    );
    writeFileSync(join(project, 'consumer.ts'), lines.join(''));
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          strict: true,
          noEmit: true,
          types: ['node'],
          skipLibCheck: false,
        },
        files: ['consumer.ts'],
      }),
    );
    const tsc = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const r = spawnSync(process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.json'], {
      cwd: project,
      encoding: 'utf8',
    });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('every entry exports exactly its golden name list', () => {
    const declared = declaredExports();
    expect([...declared.keys()]).toEqual(SPECIFIERS);
    for (const [specifier, lines] of declared) {
      const file = join(GOLDEN_DIR, `exports-${entryName(specifier)}.txt`);
      const actual = `${lines.join('\n')}\n`;
      if (update) writeFileSync(file, actual);
      expect(actual, `${specifier} (UPDATE_GOLDEN=1 rewrites ${file})`).toBe(
        readFileSync(file, 'utf8'),
      );
    }
  });
});
