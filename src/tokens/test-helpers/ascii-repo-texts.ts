/**
 * @module tokens/test-helpers/ascii-repo-texts
 * Real text for the pre-token split tests: the repository's own docs and sources that are all
 * ASCII (read from the repository root, as vitest runs). Not part of the build.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** The ASCII-only `.md` and `.ts` files of docs/, src/tokens/ and src/history/. */
export function asciiRepoTexts(): string[] {
  const texts: string[] = [];
  for (const dir of ['docs', 'src/tokens', 'src/history']) {
    for (const f of readdirSync(dir)) {
      if (!/\.(md|ts)$/.test(f)) continue;
      const text = readFileSync(`${dir}/${f}`, 'utf8');
      if (!/[^\u0000-\u007f]/.test(text)) texts.push(text);
    }
  }
  return texts;
}
