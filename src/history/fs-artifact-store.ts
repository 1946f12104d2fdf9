/**
 * @module history/fs-artifact-store
 * The default artifact store: one file per artifact under `<dir>/sha256/<hex>`, written to a
 * temporary name and renamed, so a reader never sees half a file. Reads verify the hash.
 * This is I/O at the edge; everything else in `history/` is pure.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CtxloomError } from '../diagnostics/index.js';
import {
  type ArtifactRef,
  type ArtifactStore,
  artifactRef,
  isArtifactRef,
} from './artifact-store.js';

/** A filesystem store rooted at `dir` (created on first write). */
export function createFsArtifactStore(dir: string): ArtifactStore {
  const pathOf = (ref: ArtifactRef): string => join(dir, 'sha256', ref.slice('sha256:'.length));
  return {
    async put(content) {
      const ref = artifactRef(content);
      const path = pathOf(ref);
      await mkdir(join(dir, 'sha256'), { recursive: true });
      const tmp = `${path}.${process.pid}.tmp`;
      await writeFile(tmp, content, 'utf8');
      await rename(tmp, path);
      return ref;
    },
    async get(ref) {
      if (!isArtifactRef(ref)) return undefined;
      let content: string;
      try {
        content = await readFile(pathOf(ref), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw new CtxloomError('E_ARTIFACT_READ', `cannot read artifact ${ref}`, { cause: error });
      }
      if (artifactRef(content) !== ref) {
        throw new CtxloomError('E_ARTIFACT_CORRUPT', `artifact ${ref} does not match its hash`);
      }
      return content;
    },
  };
}
