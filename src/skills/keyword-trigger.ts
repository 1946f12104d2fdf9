/**
 * @module skills/keyword-trigger
 * Keyword triggers: case-insensitive whole-token matching of keywords and phrases against a
 * message (`git` does not fire on `github`), with an optional minimum number of distinct keywords
 * so one common word does not fire a skill. Keywords are indexed by their first token, so a
 * message is tokenised once and each token looks up only the keywords that start with it. Pure.
 */

/** Splits text into lowercase tokens: maximal runs of letters and digits. */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** One keyword rule: fires when at least `minMatches` of its keywords appear. */
export interface KeywordRule {
  /** Identifies the rule in results (e.g. the skill name). */
  readonly id: string;
  /** Keywords or phrases as written. */
  readonly keywords: readonly string[];
  /** Distinct keywords needed, at least 1. Default 1. */
  readonly minMatches?: number;
}

/** A rule that fired and the keywords that made it fire (in declaration order). */
export interface KeywordMatch {
  readonly id: string;
  readonly matched: readonly string[];
}

/** A compiled set of keyword rules. */
export interface KeywordMatcher {
  /** Rules that fire on `message`, in the order the rules were given. */
  match(message: string): readonly KeywordMatch[];
}

interface Entry {
  readonly rule: number;
  readonly keyword: number;
  readonly tokens: readonly string[];
}

/** Compiles keyword rules once; match many messages. Keywords without any token are ignored. */
export function compileKeywordMatcher(rules: readonly KeywordRule[]): KeywordMatcher {
  const index = new Map<string, Entry[]>();
  for (const [r, rule] of rules.entries()) {
    for (const [k, keyword] of rule.keywords.entries()) {
      const tokens = tokenize(keyword);
      const first = tokens[0];
      if (first === undefined) continue;
      const entry: Entry = { rule: r, keyword: k, tokens };
      const list = index.get(first);
      if (list) list.push(entry);
      else index.set(first, [entry]);
    }
  }
  return Object.freeze({
    match(message: string): readonly KeywordMatch[] {
      const tokens = tokenize(message);
      const hits = new Map<number, Set<number>>();
      for (let i = 0; i < tokens.length; i++) {
        const list = index.get(tokens[i] as string);
        if (list === undefined) continue;
        for (const e of list) {
          let ok = true;
          for (let j = 1; j < e.tokens.length; j++) {
            if (tokens[i + j] !== e.tokens[j]) {
              ok = false;
              break;
            }
          }
          if (!ok) continue;
          const set = hits.get(e.rule);
          if (set) set.add(e.keyword);
          else hits.set(e.rule, new Set([e.keyword]));
        }
      }
      const out: KeywordMatch[] = [];
      for (const r of [...hits.keys()].sort((a, b) => a - b)) {
        const rule = rules[r] as KeywordRule;
        const set = hits.get(r) as Set<number>;
        if (set.size < Math.max(1, rule.minMatches ?? 1)) continue;
        const matched = [...set].sort((a, b) => a - b).map((k) => rule.keywords[k] as string);
        out.push({ id: rule.id, matched });
      }
      return out;
    },
  });
}
