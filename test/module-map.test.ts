/**
 * AGENTS.md's module map says which folder of `src/` imports which; this test reads the imports
 * of every non-test file and fails when the table and the code disagree, or when a folder of
 * `src/` is missing from the table (or the table names one that does not exist).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test-helpers' ? [] : files(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The other folders `folder` imports, `_internal` left out, sorted. */
function importsOf(folder: string): string[] {
  const found = new Set<string>();
  for (const path of files(join(SRC, folder))) {
    const text = readFileSync(path, 'utf8');
    for (const m of text.matchAll(/from '(?:\.\.\/)+([a-z_]+)\//g)) found.add(m[1]!);
  }
  found.delete(folder);
  found.delete('_internal');
  return [...found].sort();
}

/** The table rows of AGENTS.md's module map: folder -> imports. */
function documented(): Map<string, string[]> {
  const text = readFileSync(join(ROOT, 'AGENTS.md'), 'utf8');
  const section = text.slice(text.indexOf('## Module map'));
  const map = new Map<string, string[]>();
  for (const m of section.matchAll(/^\| `([a-z_]+)\/` \| [^|]+ \| ([^|]+) \|$/gm)) {
    const list = m[2]!.trim();
    map.set(
      m[1]!,
      list === '(none)'
        ? []
        : list
            .split(',')
            .map((s) => s.trim())
            .sort(),
    );
  }
  return map;
}

describe("AGENTS.md's module map", () => {
  const folders = readdirSync(SRC, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const map = documented();

  it('lists every folder of src/ and nothing else', () => {
    expect(folders.length).toBeGreaterThan(10);
    expect([...map.keys()].sort()).toEqual(folders);
  });

  it('says what each folder imports', () => {
    const actual = Object.fromEntries(folders.map((f) => [f, importsOf(f)]));
    const table = Object.fromEntries(folders.map((f) => [f, map.get(f) ?? []]));
    expect(table).toEqual(actual);
  });
});
