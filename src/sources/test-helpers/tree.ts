/** Temporary directory trees for tests. */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { SourceFs } from '../source-fs.js';
import { nodeSourceFs } from '../source-fs.js';

/** A file's content, or a symlink (`{ link: target }`, target relative to the link's folder or absolute). */
export type TreeEntry = string | Uint8Array | { readonly link: string };

/** Creates a temp dir holding `files` (paths `/`-separated); returns its real path and a cleanup. */
export function makeTree(files: Readonly<Record<string, TreeEntry>>): {
  dir: string;
  cleanup: () => void;
} {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'ctxloom-sources-')));
  for (const [rel, content] of Object.entries(files)) {
    const abs = join(dir, ...rel.split('/'));
    mkdirSync(dirname(abs), { recursive: true });
    if (rel.endsWith('/') && content === '') continue;
    if (typeof content === 'object' && !(content instanceof Uint8Array))
      symlinkSync(content.link, abs);
    else writeFileSync(abs, content);
  }
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The Node fs, counting calls by operation. */
export function countingFs(): {
  fs: SourceFs;
  calls: { stat: number; readdir: string[]; readHead: number };
} {
  const calls = { stat: 0, readdir: [] as string[], readHead: 0 };
  const fs: SourceFs = {
    stat: (p) => {
      calls.stat++;
      return nodeSourceFs.stat(p);
    },
    realpath: (p) => nodeSourceFs.realpath(p),
    readHead: (p, n) => {
      calls.readHead++;
      return nodeSourceFs.readHead(p, n);
    },
    readdir: (p) => {
      calls.readdir.push(p);
      return nodeSourceFs.readdir(p);
    },
  };
  return { fs, calls };
}
