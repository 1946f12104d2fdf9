/**
 * @module history/artifact-store
 * Content-addressed storage for elided tool results. A reference is `sha256:<64 hex>` of the
 * UTF-8 bytes, so the same output is stored once and a reference can be verified on read.
 * The store is pluggable; {@link createMemoryArtifactStore} keeps bytes in memory and
 * `createFsArtifactStore` (see `fs-artifact-store.ts`) on disk.
 */
import { createHash } from 'node:crypto';

/** A content address: `sha256:` and 64 lowercase hex digits. */
export type ArtifactRef = `sha256:${string}`;

/** The pattern every reference matches. */
export const ARTIFACT_REF_PATTERN = /^sha256:[0-9a-f]{64}$/;

/** Where elided content lives. Implementations must return exactly the bytes that were put. */
export interface ArtifactStore {
  /** Stores `content` (idempotent) and returns its reference. */
  put(content: string): Promise<ArtifactRef>;
  /** The content of `ref`, or undefined when the store does not have it. */
  get(ref: ArtifactRef): Promise<string | undefined>;
}

/** The reference of `content`. Pure. */
export function artifactRef(content: string): ArtifactRef {
  return `sha256:${createHash('sha256').update(content, 'utf8').digest('hex')}`;
}

/** True when `value` is a well-formed reference. */
export function isArtifactRef(value: unknown): value is ArtifactRef {
  return typeof value === 'string' && ARTIFACT_REF_PATTERN.test(value);
}

/** An in-memory store (tests, short sessions). */
export function createMemoryArtifactStore(): ArtifactStore & { readonly size: () => number } {
  const map = new Map<string, string>();
  return {
    put: async (content) => {
      const ref = artifactRef(content);
      map.set(ref, content);
      return ref;
    },
    get: async (ref) => map.get(ref),
    size: () => map.size,
  };
}
