/**
 * @module safety/phrase-pattern
 * How a phrase rule is written: ordered groups of literal phrases, each group within a small
 * distance of the previous one. Phrases are folded like the text before compiling.
 *
 * Phrase syntax: a trailing `*` makes a stem (`ignor*` matches "ignore", "ignoring"); without it
 * the phrase must end at a word boundary. A leading `*` makes a suffix (`*modus` matches the end
 * of the German compound "Wartungsmodus"). In Latin, Greek and Cyrillic script a phrase must also
 * start at a word boundary; scripts written without spaces (CJK, Thai) and scripts with attached
 * prefixes (Arabic) match anywhere.
 */

/** One matching pattern that belongs to a rule. */
export interface PhrasePattern {
  /** Rule id in the catalogue, or a `ctx:` id for context phrases. */
  readonly rule: string;
  /** ISO 639-1 language of the phrases (`*` for any). */
  readonly lang: string;
  /** Ordered groups; one phrase of each group must occur, in this order. */
  readonly groups: readonly (readonly string[])[];
  /** `gaps[k]`: most characters between the end of group k and the start of group k+1. Default 24. */
  readonly gaps?: readonly number[];
  /** When true, the whole match must sit on one line. Default true. */
  readonly sameLine?: boolean;
}

/** Default maximum gap, in normalised characters, between two consecutive groups. */
export const DEFAULT_GAP = 24;

/** Most characters between a qualifier and its object ("all of your" + "instructions"). */
export const QUAL_OBJECT_GAP = 8;

/** Builds patterns from verb / qualifier / object tables in the word orders a language uses. */
export function orderedPatterns(
  rule: string,
  lang: string,
  parts: {
    verbs: readonly string[];
    quals: readonly string[];
    objects: readonly string[];
    orders: readonly ('VQO' | 'VOQ' | 'QOV' | 'VO' | 'OV')[];
    gap?: number;
  },
): PhrasePattern[] {
  const g = parts.gap ?? DEFAULT_GAP;
  const small = QUAL_OBJECT_GAP;
  const groups: Record<(typeof parts.orders)[number], readonly (readonly string[])[]> = {
    VQO: [parts.verbs, parts.quals, parts.objects],
    VOQ: [parts.verbs, parts.objects, parts.quals],
    QOV: [parts.quals, parts.objects, parts.verbs],
    VO: [parts.verbs, parts.objects],
    OV: [parts.objects, parts.verbs],
  };
  const gaps: Record<(typeof parts.orders)[number], readonly number[]> = {
    VQO: [g, small],
    VOQ: [g, small],
    QOV: [small, g],
    VO: [g],
    OV: [g],
  };
  return parts.orders.map(
    (order): PhrasePattern => ({ rule, lang, groups: groups[order], gaps: gaps[order] }),
  );
}
