/**
 * A guard: no function in `src/` (tests and test helpers aside) is longer than 100 lines, counted
 * with the TypeScript compiler from the line of its first token to the line of its last, its doc
 * comment not included. A long function is split by stage into named functions with named
 * results (AGENTS.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 100;
const ROOT = join(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');

/**
 * Functions allowed over the limit, as `file name`: none. An entry needs a reason written here,
 * and the test fails once the entry is no longer long.
 */
const ALLOWED_OVER_LIMIT: ReadonlySet<string> = new Set<string>([]);

interface FunctionLength {
  readonly name: string;
  /** Its file, `src/...`. */
  readonly file: string;
  /** `src/...:line` of its first line. */
  readonly where: string;
  readonly lines: number;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test-helpers' && entry.name !== '__golden__')
        out.push(...sourceFiles(path));
    } else if (
      entry.name.endsWith('.ts') &&
      !entry.name.endsWith('.test.ts') &&
      !entry.name.endsWith('.test-d.ts') &&
      !entry.name.endsWith('.d.ts')
    ) {
      out.push(path);
    }
  }
  return out.sort();
}

function nameOf(node: ts.SignatureDeclaration): string {
  if (node.name !== undefined) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (
    (ts.isVariableDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent)) &&
    parent.name !== undefined
  )
    return parent.name.getText();
  return '<anonymous>';
}

/** Every function-like node of one file with its length in lines. */
function functionLengths(path: string, text: string): FunctionLength[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const out: FunctionLength[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isFunctionDeclaration(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isConstructorDeclaration(node) ||
        ts.isGetAccessorDeclaration(node) ||
        ts.isSetAccessorDeclaration(node) ||
        ts.isArrowFunction(node) ||
        ts.isFunctionExpression(node)) &&
      node.body !== undefined
    ) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      const rel = relative(ROOT, path).split('\\').join('/');
      out.push({
        name: nameOf(node),
        file: rel,
        where: `${rel}:${first + 1}`,
        lines: last - first + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

describe('function length', () => {
  it('measures a function from its first to its last line', () => {
    const body = Array.from({ length: 101 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const lengths = functionLengths(
      join(SRC, 'x.ts'),
      `/** doc */\nexport function long(): void {\n${body}\n}\nconst short = () => 1;\n`,
    );
    expect(lengths).toEqual([
      { name: 'long', file: 'src/x.ts', where: 'src/x.ts:2', lines: 103 },
      { name: 'short', file: 'src/x.ts', where: 'src/x.ts:105', lines: 1 },
    ]);
  });

  it(`no function in src/ is over ${MAX_LINES} lines`, () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .flatMap((path) => functionLengths(path, readFileSync(path, 'utf8')))
      .filter((f) => f.lines > MAX_LINES);
    const offenders = long
      .filter((f) => !ALLOWED_OVER_LIMIT.has(`${f.file} ${f.name}`))
      .map((f) => `${f.where} ${f.name} (${f.lines} lines)`);
    expect(
      offenders,
      `split these by stage into named functions:\n${offenders.join('\n')}`,
    ).toEqual([]);
    // an allowed name that is no longer long must leave the list
    const stillLong = new Set(long.map((f) => `${f.file} ${f.name}`));
    expect([...ALLOWED_OVER_LIMIT].filter((entry) => !stillLong.has(entry))).toEqual([]);
  });
});
