/**
 * @module history/joined-texts
 * Texts searched as if joined by a separator, without making the joined string unless a search
 * needs it. A needle without the separator occurs in the joined text exactly when it occurs in
 * one of the texts (a match cannot span a separator it does not hold), and its first occurrence
 * is in the first text holding it: a few needles are looked for text by text, and the fact
 * report does not copy a 300k-unit output or its elided results into one string to find three.
 */

import { lastAtOrBefore } from '../_internal/sorted-search.js';
import { firstOccurrences, occurrences } from './substring-set.js';

/** Up to this many needles are looked for text by text; more search the joined text once. */
const FEW_NEEDLES = 24;

export class JoinedTexts {
  #joined: string | undefined;

  constructor(
    readonly texts: readonly string[],
    readonly separator: string,
  ) {}

  /** The texts joined by the separator, made on first use. */
  get joined(): string {
    this.#joined ??= this.texts.join(this.separator);
    return this.#joined;
  }

  /** For each of `needles`, whether the joined text holds it (the empty string always). */
  holds(needles: readonly string[]): boolean[] {
    if (needles.length > FEW_NEEDLES) return occurrences(this.joined, needles);
    return needles.map((n) =>
      n.includes(this.separator) ? this.joined.includes(n) : n === '' || this.#firstHolder(n) >= 0,
    );
  }

  /**
   * For each of `needles`, the index of the text its first occurrence in the joined text starts
   * in, or -1.
   */
  firstHolders(needles: readonly string[]): number[] {
    if (needles.length > FEW_NEEDLES || needles.some((n) => n.includes(this.separator)))
      return this.#holdersInJoined(needles);
    // loops, not arrows made per call (they lost their optimised code at every full collection)
    const out: number[] = [];
    for (const n of needles) out.push(this.#firstHolder(n));
    return out;
  }

  #firstHolder(needle: string): number {
    const texts = this.texts;
    for (let i = 0; i < texts.length; i++) if (texts[i]!.includes(needle)) return i;
    return -1;
  }

  #holdersInJoined(needles: readonly string[]): number[] {
    const starts: number[] = [];
    let at = 0;
    for (const t of this.texts) {
      starts.push(at);
      at += t.length + this.separator.length;
    }
    return firstOccurrences(this.joined, needles).map((p) =>
      p < 0 ? -1 : lastAtOrBefore(starts, p),
    );
  }
}
