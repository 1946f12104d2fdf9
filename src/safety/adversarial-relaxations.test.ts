import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scan } from './scan.js';

/**
 * Attacks an adversarial reviewer wrote (2026-12-05, third stop) against two context rules that
 * lower a finding (a system tag opening a status line, a special token named in a sentence), each
 * with the verdict 3579e4a gave it in four channels, before those rules: a context rule may lower
 * what is benign, never what this file holds.
 */
const ROWS: {
  text: string;
  note: string;
  least: Record<string, 'clean' | 'flagged' | 'blocked'>;
}[] = readFileSync(new URL('./adversarial-relaxations.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l));
const RANK = { clean: 0, flagged: 1, blocked: 2 } as const;

describe('attacks written against the status-line and named-token context rules', () => {
  it('holds the 69 texts of the review', () => {
    expect(ROWS.length).toBe(69);
  });
  it('gives each at least the verdict it had before those rules, in every channel', () => {
    const weaker: string[] = [];
    for (const row of ROWS)
      for (const [channel, least] of Object.entries(row.least)) {
        const verdict = scan(
          row.text,
          channel === 'default' ? {} : { channel: channel as 'tool-output' },
        ).verdict;
        if (RANK[verdict] < RANK[least])
          weaker.push(`${channel}: ${verdict} < ${least}: ${row.note}`);
      }
    expect(weaker).toEqual([]);
  });
});
