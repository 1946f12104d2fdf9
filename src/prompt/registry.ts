/**
 * @module prompt/registry
 * `SectionRegistry`: the ordered list of sections that makes a system prompt. Refuses duplicate
 * names unless replaced on purpose; builds the static and dynamic tiers with a report.
 */
import { CtxloomError } from '../diagnostics/index.js';
import { defaultTokenCounter, type TokenCounter } from '../tokens/index.js';
import { type PromptContext, STATIC_INPUT_FIELDS } from './context.js';
import type {
  BuildReport,
  BuiltPrompt,
  BuiltSection,
  SectionReport,
  SectionSpan,
  TierTotals,
} from './report.js';
import type { Section, Tier } from './section.js';
import { memoHolds, recordReads, type SectionMemoEntry } from './section-memo.js';

/** The one separator between sections within a tier. */
export const SECTION_SEPARATOR = '\n\n';

/** Options for a registry. */
export interface SectionRegistryOptions {
  /** Token counter for the report; defaults to o200k_base. */
  tokenCounter?: TokenCounter | undefined;
}

interface RenderedSection {
  readonly report: SectionReport;
  readonly text: string | null;
}

interface JoinedTier {
  readonly text: string;
  readonly totals: TierTotals;
  readonly spans: readonly SectionSpan[];
}

interface StaticMemo extends JoinedTier {
  readonly key: string;
  readonly rendered: readonly RenderedSection[];
  /** The static sections as built (every build of this memo returns the same objects). */
  readonly sections: readonly BuiltSection[];
}

/** The dynamic tier joined, with its two parts: non-volatile sections, then volatile ones. */
interface JoinedDynamic extends JoinedTier {
  readonly stable: JoinedTier;
  readonly volatile: JoinedTier;
}

/** The last join of the dynamic tier's non-volatile sections, keyed by their rendered entries. */
interface StableJoinMemo {
  readonly parts: readonly RenderedSection[];
  readonly joined: JoinedTier;
}

const TOKEN_MEMO_LIMIT = 512;
/** The ordered, name-unique list of sections of one prompt. */
export class SectionRegistry implements Iterable<Section> {
  readonly #sections: Section[] = [];
  readonly #counter: TokenCounter;
  readonly #tokenMemo = new Map<string, number>();
  #revision = 0;
  #staticMemo: StaticMemo | undefined;
  /** Dynamic sections rendered before, with the context fields they read (see section-memo.ts). */
  readonly #sectionMemo = new WeakMap<Section, SectionMemoEntry<RenderedSection>>();
  #stableJoin: StableJoinMemo | undefined;

  constructor(sections: Iterable<Section> = [], options: SectionRegistryOptions = {}) {
    this.#counter = options.tokenCounter ?? defaultTokenCounter;
    for (const s of sections) this.register(s);
  }

  /** The token counter used in reports. */
  get tokenCounter(): TokenCounter {
    return this.#counter;
  }

  /** Number of sections. */
  get size(): number {
    return this.#sections.length;
  }

  /** Sections in registration order. */
  [Symbol.iterator](): Iterator<Section> {
    return this.#sections.slice()[Symbol.iterator]();
  }

  /** Section names in registration order. */
  names(): string[] {
    return this.#sections.map((s) => s.name);
  }

  has(name: string): boolean {
    return this.#indexOf(name) >= 0;
  }

  get(name: string): Section | undefined {
    return this.#sections[this.#indexOf(name)];
  }

  /** Appends a section. A duplicate name is an error that points to `replace`. */
  register(section: Section): this {
    this.#check(section);
    if (this.has(section.name)) {
      throw new CtxloomError(
        'E_DUPLICATE_SECTION',
        `section "${section.name}" is already registered; call replace("${section.name}", section) to override it on purpose`,
      );
    }
    this.#sections.push(section);
    return this.#changed();
  }

  /** Overrides the section called `name` in place, keeping its position. */
  replace(name: string, section: Section): this {
    this.#check(section);
    const i = this.#require(name);
    if (section.name !== name && this.has(section.name)) {
      throw new CtxloomError(
        'E_DUPLICATE_SECTION',
        `cannot rename "${name}" to "${section.name}": that name is taken`,
      );
    }
    this.#sections[i] = section;
    return this.#changed();
  }

  /** Inserts `section` right before the section called `anchor`. */
  insertBefore(anchor: string, section: Section): this {
    return this.#insertAt(this.#require(anchor), section);
  }

  /** Inserts `section` right after the section called `anchor`. */
  insertAfter(anchor: string, section: Section): this {
    return this.#insertAt(this.#require(anchor) + 1, section);
  }

  /** Removes the section called `name`; an unknown name is an error. */
  remove(name: string): this {
    this.#sections.splice(this.#require(name), 1);
    return this.#changed();
  }

  /** An independent copy with the same sections and token counter. */
  clone(): SectionRegistry {
    return new SectionRegistry(this.#sections, { tokenCounter: this.#counter });
  }

  /**
   * Renders every section against `ctx`: static sections in registration order, then dynamic
   * ones, with volatile sections after all the others. Within a tier, sections are joined with
   * {@link SECTION_SEPARATOR}. The static tier is memoised by its inputs (the static fields of
   * the context and the registry's contents), so a turn where only per-session data changed
   * re-renders only the dynamic tier. Within the dynamic tier each section is memoised by the
   * context fields it read, and the join of the non-volatile sections is kept, so a turn where
   * only the clock changed re-renders, counts and joins only the clock.
   */
  build(ctx: PromptContext): BuiltPrompt {
    const key = `${this.#revision}\u0000${staticKey(ctx)}`;
    const staticFromCache = this.#staticMemo?.key === key;
    const memo = this.#staticTier(ctx, key);
    const dynamicSections = this.#sections.filter((s) => s.tier === 'dynamic');
    const ordered = [
      ...dynamicSections.filter((s) => !s.volatility),
      ...dynamicSections.filter((s) => s.volatility),
    ];
    const dynamicRendered = this.#renderTier(ctx, ordered, this.#sectionMemo);
    const dynamic = this.#joinDynamic(dynamicRendered);
    const report: BuildReport = {
      sections: Object.freeze([...memo.rendered, ...dynamicRendered].map((r) => r.report)),
      totals: Object.freeze({
        static: memo.totals,
        dynamic: dynamic.totals,
        total: this.#sumTiers(memo.totals, dynamic.totals),
      }),
      tokenizer: this.#counter.name,
      staticFromCache,
    };
    return Object.freeze({
      static: memo.text,
      dynamic: textOf(dynamic),
      spans: Object.freeze([...memo.spans, ...dynamic.spans]),
      report: Object.freeze(report),
      parts: Object.freeze({
        static: memo.text,
        stable: textOf(dynamic.stable),
        volatile: textOf(dynamic.volatile),
      }),
      sections: Object.freeze([...memo.sections, ...builtSections(dynamicRendered, dynamic.spans)]),
    });
  }

  /** The static tier, from the memo while `key` (revision + static inputs) is the same. */
  #staticTier(ctx: PromptContext, key: string): StaticMemo {
    const hit = this.#staticMemo;
    if (hit?.key === key) return hit;
    const rendered = this.#renderTier(
      ctx,
      this.#sections.filter((s) => s.tier === 'static'),
    );
    const joined = this.#join(rendered);
    const memo: StaticMemo = {
      ...joined,
      key,
      rendered,
      sections: builtSections(rendered, joined.spans),
    };
    this.#staticMemo = memo;
    return memo;
  }

  /** Totals of the whole prompt: both tiers plus the separator between them when both exist. */
  #sumTiers(a: TierTotals, b: TierTotals): TierTotals {
    const both = a.sections > 0 && b.sections > 0;
    const sepTokens = both ? this.#tokens(SECTION_SEPARATOR) : 0;
    return Object.freeze({
      sections: a.sections + b.sections,
      bytes: a.bytes + b.bytes + (sepTokens > 0 ? SECTION_SEPARATOR.length : 0),
      tokens: a.tokens + b.tokens + sepTokens,
    });
  }

  /** Renders sections ignoring the memo (used by the static stability check). */
  renderTier(ctx: PromptContext, tier: Tier): readonly { name: string; text: string | null }[] {
    return this.#renderTier(
      ctx,
      this.#sections.filter((s) => s.tier === tier),
    ).map((r) => ({
      name: r.report.name,
      text: r.text,
    }));
  }

  #renderTier(
    ctx: PromptContext,
    sections: readonly Section[],
    memo: WeakMap<Section, SectionMemoEntry<RenderedSection>> | null = null,
  ): RenderedSection[] {
    if (memo === null) return sections.map((section) => this.#renderOne(ctx, section));
    return sections.map((section) => {
      const hit = memo.get(section);
      if (hit !== undefined && memoHolds(hit, ctx)) return hit.result;
      const entry = recordReads(ctx, (view) => this.#renderOne(view, section));
      memo.set(section, entry);
      return entry.result;
    });
  }

  #renderOne(ctx: PromptContext, section: Section): RenderedSection {
    const base = {
      name: section.name,
      tier: section.tier,
      volatile: section.volatility !== undefined,
    };
    let applies: boolean;
    let text: string | null;
    try {
      applies = section.guard(ctx) === true;
      text = applies ? section.render(ctx) : null;
    } catch (error) {
      throw new CtxloomError(
        'E_SECTION_FAILED',
        `section "${section.name}" threw while rendering: ${String(error)}`,
        {
          cause: error,
        },
      );
    }
    if (!applies)
      return {
        report: Object.freeze({ ...base, status: 'skipped', bytes: 0, tokens: 0 }),
        text: null,
      };
    if (text !== null && typeof text !== 'string') {
      throw new CtxloomError(
        'E_SECTION_FAILED',
        `section "${section.name}" rendered a ${typeof text}, not a string or null`,
      );
    }
    const trimmed = text?.trimEnd() ?? '';
    if (trimmed.trim().length === 0) {
      return {
        report: Object.freeze({ ...base, status: 'empty', bytes: 0, tokens: 0 }),
        text: null,
      };
    }
    return {
      report: Object.freeze({
        ...base,
        status: 'rendered',
        bytes: Buffer.byteLength(trimmed),
        tokens: this.#tokens(trimmed),
      }),
      text: trimmed,
    };
  }

  /**
   * Joins the dynamic tier as (non-volatile sections) + (volatile ones). The first group's join is
   * reused while its rendered entries are the same objects; the result's text is then one
   * concatenation, and no byte or token count looks at the reused text again.
   */
  #joinDynamic(rendered: readonly RenderedSection[]): JoinedDynamic {
    const split = rendered.findIndex((r) => r.report.volatile);
    const stableParts = split < 0 ? rendered : rendered.slice(0, split);
    const volatileParts = split < 0 ? [] : rendered.slice(split);
    let memo = this.#stableJoin;
    if (
      memo === undefined ||
      memo.parts.length !== stableParts.length ||
      memo.parts.some((p, i) => p !== stableParts[i])
    ) {
      memo = { parts: stableParts, joined: this.#join(stableParts) };
      this.#stableJoin = memo;
    }
    const a = memo.joined;
    const b = this.#join(volatileParts);
    if (b.totals.sections === 0) return { ...a, stable: a, volatile: b };
    if (a.totals.sections === 0) return { ...b, stable: a, volatile: b };
    const shift = a.text.length + SECTION_SEPARATOR.length;
    return {
      text: `${a.text}${SECTION_SEPARATOR}${b.text}`,
      spans: [
        ...a.spans,
        ...b.spans.map((s) => Object.freeze({ ...s, start: s.start + shift, end: s.end + shift })),
      ],
      totals: Object.freeze({
        sections: a.totals.sections + b.totals.sections,
        bytes: a.totals.bytes + SECTION_SEPARATOR.length + b.totals.bytes,
        tokens: a.totals.tokens + this.#tokens(SECTION_SEPARATOR) + b.totals.tokens,
      }),
      stable: a,
      volatile: b,
    };
  }

  #join(rendered: readonly RenderedSection[]): JoinedTier {
    const texts: string[] = [];
    const spans: SectionSpan[] = [];
    let offset = 0;
    for (const r of rendered) {
      if (r.text === null) continue;
      if (texts.length > 0) offset += SECTION_SEPARATOR.length;
      spans.push(
        Object.freeze({
          name: r.report.name,
          tier: r.report.tier,
          volatile: r.report.volatile,
          start: offset,
          end: offset + r.text.length,
        }),
      );
      offset += r.text.length;
      texts.push(r.text);
    }
    const text = texts.join(SECTION_SEPARATOR);
    const seps = Math.max(0, texts.length - 1);
    let tokens = seps * this.#tokens(SECTION_SEPARATOR);
    // the separator is ASCII and joins whole strings, so bytes add up without re-encoding the text
    let bytes = seps * SECTION_SEPARATOR.length;
    for (const r of rendered) {
      tokens += r.report.tokens;
      bytes += r.report.bytes;
    }
    return {
      text,
      spans,
      totals: Object.freeze({ sections: texts.length, bytes, tokens }),
    };
  }

  #tokens(text: string): number {
    const hit = this.#tokenMemo.get(text);
    if (hit !== undefined) return hit;
    const n = this.#counter.count(text);
    if (this.#tokenMemo.size >= TOKEN_MEMO_LIMIT) {
      const oldest = this.#tokenMemo.keys().next().value;
      if (oldest !== undefined) this.#tokenMemo.delete(oldest);
    }
    this.#tokenMemo.set(text, n);
    return n;
  }

  #check(section: Section): void {
    if (section.tier === 'static' && section.volatility) {
      throw new CtxloomError(
        'E_VOLATILE_STATIC',
        `section "${section.name}" is declared volatile (${section.volatility.reason}) and cannot be in the static tier; make it dynamic`,
      );
    }
  }

  #indexOf(name: string): number {
    return this.#sections.findIndex((s) => s.name === name);
  }

  #require(name: string): number {
    const i = this.#indexOf(name);
    if (i < 0) {
      throw new CtxloomError(
        'E_UNKNOWN_SECTION',
        `no section named "${name}"; registered: ${this.names().join(', ') || '(none)'}`,
      );
    }
    return i;
  }

  #insertAt(index: number, section: Section): this {
    this.#check(section);
    if (this.has(section.name)) {
      throw new CtxloomError(
        'E_DUPLICATE_SECTION',
        `section "${section.name}" is already registered; call replace("${section.name}", section) to override it on purpose`,
      );
    }
    this.#sections.splice(index, 0, section);
    return this.#changed();
  }

  #changed(): this {
    this.#revision++;
    this.#staticMemo = undefined;
    this.#stableJoin = undefined;
    return this;
  }
}

/** The memo key of the static tier: the context's static input fields, serialised. */
export function staticKey(ctx: PromptContext): string {
  return JSON.stringify(STATIC_INPUT_FIELDS.map((f) => ctx[f]));
}

/** A joined tier's text, or null when no section in it rendered. */
function textOf(tier: JoinedTier): string | null {
  return tier.totals.sections > 0 ? tier.text : null;
}

/** The sections as built: each rendered entry with its text and its span in `spans`. */
function builtSections(
  rendered: readonly RenderedSection[],
  spans: readonly SectionSpan[],
): BuiltSection[] {
  const byName = new Map(spans.map((s) => [s.name, s]));
  return rendered.map((r) =>
    Object.freeze({
      ...r.report,
      text: r.text,
      span: byName.get(r.report.name) ?? null,
    }),
  );
}
