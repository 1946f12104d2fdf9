/**
 * @module prompt/section-memo
 * Per-section memo for the dynamic tier. A section is pure: it reads only its
 * {@link PromptContext}, which is frozen all the way down, and `withContext` keeps every field
 * it does not patch by reference. So a section rendered once can be reused as long as every
 * context field it read is the same object (or primitive) as before. The fields a section reads
 * are recorded while it renders, through a read-only view of the context.
 */
import type { PromptContext } from './context.js';

/** What one render read, and what it produced. */
export interface SectionMemoEntry<T> {
  /** The context fields the guard and render read, in first-read order. */
  readonly fields: readonly string[];
  /** Their values at that time, compared by identity. */
  readonly values: readonly unknown[];
  readonly result: T;
}

/** Whether `entry` still holds for `ctx`: every field it read is identical. */
export function memoHolds<T>(entry: SectionMemoEntry<T>, ctx: PromptContext): boolean {
  const record = ctx as unknown as Readonly<Record<string, unknown>>;
  const { fields, values } = entry;
  for (let i = 0; i < fields.length; i++) {
    if (!Object.is(record[fields[i] as string], values[i])) return false;
  }
  return true;
}

/**
 * Runs `fn` against a view of `ctx` that records which fields are read (listing the keys, as a
 * spread or `JSON.stringify` does, counts as reading them all) and returns the memo entry.
 */
export function recordReads<T>(
  ctx: PromptContext,
  fn: (view: PromptContext) => T,
): SectionMemoEntry<T> {
  const read = new Set<string>();
  const note = (key: string | symbol) => {
    if (typeof key === 'string') read.add(key);
  };
  const view = new Proxy(ctx, {
    get(target, key) {
      note(key);
      return Reflect.get(target, key);
    },
    has(target, key) {
      note(key);
      return Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      note(key);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys(target) {
      const keys = Reflect.ownKeys(target);
      for (const k of keys) note(k);
      return keys;
    },
  });
  const result = fn(view);
  const fields = [...read];
  const record = ctx as unknown as Readonly<Record<string, unknown>>;
  return Object.freeze({
    fields: Object.freeze(fields),
    values: Object.freeze(fields.map((f) => record[f])),
    result,
  });
}
