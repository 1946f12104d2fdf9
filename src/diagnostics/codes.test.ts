import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODE_TABLES, type DiagnosticCode } from './codes.js';
import { CtxloomError, diagnostic } from './index.js';

const SRC = join(import.meta.dirname, '..');
const TABLES = join(SRC, 'diagnostics', 'codes');
const CODE = /\b[EWI]_[A-Z0-9]+(?:_[A-Z0-9]+)*\b/g;

/** The library's own sources: no tests, no test helpers, not the tables themselves. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'test-helpers' && p !== TABLES) out.push(...sources(p));
    } else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) out.push(p);
  }
  return out.sort();
}

/** Code -> the files of src/ that name it. */
function codesInSource(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sources(SRC)) {
    for (const m of readFileSync(file, 'utf8').matchAll(CODE)) {
      const files = found.get(m[0]) ?? [];
      files.push(relative(SRC, file));
      found.set(m[0], files);
    }
  }
  return found;
}

const owners = new Map<string, string[]>();
for (const [folder, table] of Object.entries(CODE_TABLES)) {
  for (const code of Object.keys(table)) owners.set(code, [...(owners.get(code) ?? []), folder]);
}

describe('code tables', () => {
  it('list every code named in src/', () => {
    const missing = [...codesInSource()].filter(([code]) => !owners.has(code));
    expect(missing).toEqual([]);
  });

  it('hold no dead code: every entry is named somewhere in src/ outside the tables', () => {
    const used = codesInSource();
    expect([...owners.keys()].filter((code) => !used.has(code))).toEqual([]);
  });

  it('give every code exactly one owner folder', () => {
    expect([...owners].filter(([, folders]) => folders.length > 1)).toEqual([]);
    expect(owners.size).toBeGreaterThan(100);
  });

  it('use the E_ / W_ / I_ form with a one-line description', () => {
    for (const table of Object.values(CODE_TABLES)) {
      for (const [code, what] of Object.entries(table)) {
        expect(code).toMatch(/^[EWI]_[A-Z0-9]+(?:_[A-Z0-9]+)*$/);
        expect(what).toMatch(/^\S[^\n]*\S$/);
      }
    }
  });

  it('are listed in docs/diagnostics.md, each under its folder', () => {
    const doc = readFileSync(join(SRC, '..', 'docs', 'diagnostics.md'), 'utf8');
    const listed = new Map<string, string>();
    let folder = '';
    for (const line of doc.split('\n')) {
      const h = /^### `(\w+)`/.exec(line);
      if (h) folder = h[1]!;
      const row = /^\| `([EWI]_[A-Z0-9_]+)` \|/.exec(line);
      if (row) listed.set(row[1]!, folder);
    }
    const expected = new Map([...owners].map(([code, [f]]) => [code, f!]));
    expect(Object.fromEntries([...listed].sort())).toEqual(
      Object.fromEntries([...expected].sort()),
    );
  });

  it('type the code of diagnostic() and CtxloomError', () => {
    const code: DiagnosticCode = 'E_BINARY_FILE';
    expect(diagnostic(code, 'error', 'x').code).toBe('E_BINARY_FILE');
    expect(new CtxloomError('E_INTERNAL', 'x').code).toBe('E_INTERNAL');
    // @ts-expect-error a code no table lists does not type-check
    expect(diagnostic('E_NO_SUCH_CODE', 'error', 'x').code).toBe('E_NO_SUCH_CODE');
  });
});
