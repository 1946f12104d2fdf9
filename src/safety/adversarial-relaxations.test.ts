import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scan } from './scan.js';

/**
 * Attacks adversarial reviewers wrote against context rules that lower a finding, each with the
 * verdict the build before those rules gave it in four channels: a context rule may lower what is
 * benign, never what this file holds.
 * - Rows 1-69 (2026-12-05, third stop), against 3579e4a: a system tag opening a status line, a
 *   special token named in a sentence.
 * - Rows 70-129 (fifth stop), against d68d579: an announcement of orders that names a subject, a
 *   quoted order on a warning line in another language, a persona request reported in the third
 *   person, an override after "tell the model to" in a conditional sentence. The review dropped
 *   the first and the last of these and narrowed the other two.
 * - Rows 130-187 (fifth stop), against d68d579: the other-language readings written on set P (a
 *   negated override verb, orders ignored inside data, a quotation its sentence refuses, a
 *   negated or forbidden secret-sending verb) and Dutch overrides. Every reading was narrowed.
 * - Rows 188-270 (sixth stop), against c2271a8: escapes and URL escapes decoded in place and read
 *   among their plain words (47, 7 of them attacks the in-place decoding gained), and an override
 *   verb read as a clicked button label (36: 34 lost their block, so that reading was dropped).
 *   The first version of the in-place reading lowered 37 of the 40; it now reads alone what
 *   decoding by runs finds, drops only the line's plain findings, and keeps a flag at least.
 * - Rows 271-361 (sixth stop), against c2271a8: an override in an item of a list of things
 *   never to do, and longer negations ("under no circumstances should you"). All 83 attacks lost
 *   a verdict, so the reading was dropped.
 * - Rows 362-420 (sixth stop), against c2271a8: a fake delimiter that is the text's last line
 *   read as a flag. 49 of 59 lost their block as tool output, so the reading was dropped.
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

describe('attacks written against the context rules that lower a finding', () => {
  it('holds the 420 texts of the six reviews', () => {
    expect(ROWS.length).toBe(420);
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
