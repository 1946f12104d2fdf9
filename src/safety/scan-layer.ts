/**
 * @module safety/scan-layer
 * One layer of scanning: normalise, match every phrase rule, apply the context rules, run the
 * structural detectors on the original text, and recurse into decoded runs up to a depth bound.
 * Returns raw findings in the scanned text's own coordinates.
 */
import { ruleInfo } from './catalogue.js';
import { isWeakEvidence } from './channels.js';
import { findEscapedBreakFlood } from './data-channel.js';
import { type DecodedRun, findEncodedRuns } from './encoded-runs.js';
import { findHiddenChars } from './hidden-chars.js';
import { findAiComments } from './html-comments.js';
import { lowerByLocalContext } from './local-context.js';
import { findImageExfil } from './markdown-exfil.js';
import { NORM_FLAG } from './normalize.js';
import { type NormalizedView, normalizeView } from './normalize-view.js';
import { PHRASE_GUARDS } from './phrase-guards.js';
import { type PhraseMatch, PhraseMatcher } from './phrase-matcher.js';
import type { PhrasePattern } from './phrase-pattern.js';
import type { RawFinding } from './raw-finding.js';
import { AUTHORITY_PATTERNS } from './rules-authority.js';
import {
  CONTEXT_PATTERNS,
  CTX_LOCAL,
  CTX_SECURITY,
  CTX_WARNING,
  quoteAddressedToReader,
  quoteHandedToModel,
} from './rules-context.js';
import { DECEPTION_PATTERNS } from './rules-deception.js';
import { EXFILTRATION_PATTERNS } from './rules-exfiltration.js';
import { EXTRACTION_PATTERNS } from './rules-extraction.js';
import { INTENT_PATTERNS } from './rules-intent.js';
import {
  JAILBREAK_PATTERNS,
  LEX,
  LEXICON_BLOCK_SCORE,
  LEXICON_BLOCK_STRONG,
  LEXICON_FLAG_SCORE,
  LEXICON_FLAG_STRONG,
} from './rules-jailbreak.js';
import { OVERRIDE_PATTERNS } from './rules-override.js';
import { REMOTE_ORDER_PATTERNS } from './rules-remote-orders.js';
import { ROLE_PATTERNS } from './rules-roles.js';
import { TASKSWITCH_PATTERNS } from './rules-taskswitch.js';
import { findByteRuns, findMorseRuns } from './symbol-decoders.js';
import { findEscapeRuns, findRot13AndReversed } from './text-decoders.js';
import { TextLayout } from './text-layout.js';
import { FLOOD_TOKENS, findTokenFlood } from './token-flood.js';
import { findToolPoisoning, labelMayOpen } from './tool-poisoning.js';
import type { Layer } from './types.js';
import { isWordUnit } from './unicode-classes.js';
import { findVendorCredentialsSent } from './vendor-credentials.js';

/** A sentence end of Chinese or Japanese text (full stop, exclamation and question marks). */
const CJK_SENTENCE_END = /[。！？]/;

/** Most characters a match is extended by to reach the end of its last word. */
const WORD_TAIL = 24;

/** Security-themed phrases needed before a document counts as a security document. */
export const SECURITY_DOC_HITS = 3;

/** Every phrase pattern the scanner matches, in one list (the catalogue test reads it too). */
export const PHRASE_PATTERNS: readonly PhrasePattern[] = [
  ...OVERRIDE_PATTERNS,
  ...AUTHORITY_PATTERNS,
  ...DECEPTION_PATTERNS,
  ...ROLE_PATTERNS,
  ...EXTRACTION_PATTERNS,
  ...EXFILTRATION_PATTERNS,
  ...REMOTE_ORDER_PATTERNS,
  ...INTENT_PATTERNS,
  ...JAILBREAK_PATTERNS,
  ...TASKSWITCH_PATTERNS,
  ...CONTEXT_PATTERNS,
];

let matcher: PhraseMatcher | undefined;
function getMatcher(): PhraseMatcher {
  matcher ??= new PhraseMatcher(PHRASE_PATTERNS, PHRASE_GUARDS);
  return matcher;
}

const SOFTENABLE = new Set([
  'instruction-override',
  'deception',
  'role-marker',
  'role-hijack',
  'prompt-extraction',
  'exfiltration',
  'remote-execution',
]);

/** A decoded run that is a web address (checked on the decoded text, which is bounded by its run). */
const ENCODED_URL = /^\s*(?:https?|wss?|ftp):\/\/[^\s]/;

/** Layers whose encoded form is readable text: hidden characters decoded from them were never hidden. */
const VISIBLE_LAYERS: ReadonlySet<Layer> = new Set([
  'escapes',
  'html-entities',
  'rot13',
  'caesar',
  'reversed',
]);

/** Categories whose phrases are code (commands, identifiers), not prose. */
const CODE_CATEGORIES = new Set(['exfiltration', 'remote-execution']);

/** The original index just past the character that produced normalised unit `k`. */
function endOf(norm: NormalizedView, original: string, k: number): number {
  const at = norm.toOriginal(k);
  const u = original.charCodeAt(at);
  return u >= 0xd800 && u <= 0xdbff && at + 1 < original.length ? at + 2 : at + 1;
}

function sortedHas(sorted: readonly number[], lo: number, hi: number): boolean {
  let a = 0;
  let b = sorted.length;
  while (a < b) {
    const mid = (a + b) >> 1;
    if (sorted[mid]! < lo) a = mid + 1;
    else b = mid;
  }
  return a < sorted.length && sorted[a]! < hi;
}

/** What the context and lexicon patterns of one layer say about the whole text. */
interface LayerContext {
  readonly securityDoc: boolean;
  /** Sorted original indices of warning phrases and of local addresses. */
  readonly warnings: readonly number[];
  readonly locals: readonly number[];
  readonly lex: { strong: Set<number>; medium: Set<number>; weak: Set<number> };
  /**
   * `[start, end)` in the normalised text of each strong term's first match, for the lexicon
   * finding's message: read as text only when that finding is made (reading the view's text can
   * build a copy of the whole text, a large object for a long one).
   */
  readonly strongSpans: number[];
  readonly firstStrong: [number, number] | undefined;
}

/** The context of a layer without phrase matches (shared: nothing writes to it). */
const NO_CONTEXT: LayerContext = {
  securityDoc: false,
  warnings: [],
  locals: [],
  lex: { strong: new Set(), medium: new Set(), weak: new Set() },
  strongSpans: [],
  firstStrong: undefined,
};

function layerContext(
  matches: readonly PhraseMatch[],
  norm: NormalizedView,
  text: string,
): LayerContext {
  if (matches.length === 0) return NO_CONTEXT;
  let securityHits = 0;
  const warnings: number[] = [];
  const locals: number[] = [];
  const lex = { strong: new Set<number>(), medium: new Set<number>(), weak: new Set<number>() };
  const strongSpans: number[] = [];
  let firstStrong: [number, number] | undefined;
  for (const m of matches) {
    if (m.rule === CTX_SECURITY) securityHits++;
    else if (m.rule === CTX_WARNING) {
      // a word of an address is no warning ("https://evil.example/c", "attack@corp.com")
      const at = norm.toOriginal(m.start);
      const before = text.charCodeAt(at - 1);
      if (before !== 46 && before !== 47 && before !== 64) warnings.push(at);
    } else if (m.rule === CTX_LOCAL) locals.push(norm.toOriginal(m.start));
    else if (m.rule === LEX.strong) {
      if (!lex.strong.has(m.phrase)) strongSpans.push(m.start, m.end);
      lex.strong.add(m.phrase);
      firstStrong ??= [m.start, m.end];
    } else if (m.rule === LEX.medium) lex.medium.add(m.phrase);
    else if (m.rule === LEX.weak) lex.weak.add(m.phrase);
  }
  warnings.sort((a, b) => a - b);
  locals.sort((a, b) => a - b);
  return {
    securityDoc: securityHits >= SECURITY_DOC_HITS,
    warnings,
    locals,
    lex,
    strongSpans,
    firstStrong,
  };
}

/**
 * What follows a special token that a sentence names: a predicate or a noun for it ("is the
 * document separator", "ends a turn", "tokens"), or "and" / "or" / a comma and another token.
 */
const NAMED_TOKEN_NEXT =
  /^[ \t]*(?:(?:is|are|was|ends?|marks?|separates?|terminates?|starts?|begins?|closes?|opens?|tokens?|markers?|separators?|delimiters?)\b|(?:and|or|,)[ \t]*<\|[a-z_]+\|>)/i;
/** Tokens that carry a role, or open a turn's header: never merely named. */
const ROLE_TOKEN =
  /^<\|(?:system|user|assistant|developer|tool|ipython|start_header_id|end_header_id|system_prompt)\|>$/i;
/** A special token used as a turn: right before a role's name, on its line or opening the next. */
const TOKEN_THEN_ROLE =
  /<\|[a-z_]+\|>[ \t]*(?:\r?\n[ \t]*)?(?:system|user|assistant|developer|tool|ipython|function)\b/i;
/** A token that opens a turn ({@link namedInProse} keeps the block when one follows an end token). */
const TURN_START =
  /<\|(?:im_start|start_header_id|begin_of_text|system|user|assistant)\|>|\[INST\]|<<SYS>>|<start_of_turn>/i;
/** Words of an attack after a special token on its line. */
const ATTACK_AFTER =
  /\b(?:ignor\w*|disregard\w*|forget|overrid\w*|pretend|you\s+(?:are|must|will)|from\s+now\s+on|reveal|disclose|send|e-?mail|upload|forward|delete|execute|new\s+(?:instructions?|task|rules?)|system\s+prompt|jailbr\w*)\b/i;

/**
 * True when the special token at `start..end` (`<|endoftext|>`, `<|im_start|>`) is named in a
 * sentence, not used as a turn: a word right before it on its line, a predicate, a noun for it or
 * another token right after ("Note that <|endoftext|> is the document separator", "adds
 * <|im_start|> and <|im_end|> tokens", "The special token <|eot_id|> ends a turn"); not a token
 * that carries a role ({@link ROLE_TOKEN}); no token right before a role's name on its line or at
 * the start of the next, within 400 units ({@link TOKEN_THEN_ROLE}); no turn opened by a token
 * within 400 units;
 * no attack's words after it on the line. An adversarial review of a first version (any word or
 * mark after the token) found fake turns split across lines and end tokens followed by a
 * paraphrased order; those keep the block.
 */
function namedInProse(
  text: string,
  start: number,
  end: number,
  lineSpan: readonly [number, number],
): boolean {
  if (!text.startsWith('<|', start) || !text.startsWith('|>', end - 2)) return false;
  if (ROLE_TOKEN.test(text.slice(start, end))) return false;
  let k = start - 1;
  while (k >= lineSpan[0] && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k--;
  if (k < lineSpan[0] || !/[\p{L}\p{N},(]/u.test(text[k]!)) return false;
  const lineEnd = Math.min(lineSpan[1], end + 400);
  const after = text.slice(end, lineEnd);
  if (!NAMED_TOKEN_NEXT.test(after) || ATTACK_AFTER.test(after)) return false;
  // within 400 units either side, its line and the start of the next hold no token used as a
  // turn, and no token opens a turn after it (on a later line too): a fake turn's end. Bounded,
  // since a line may be the whole text (1 MB of named tokens read to the line's end took 378 ms)
  const from = Math.max(lineSpan[0], start - 400);
  if (TOKEN_THEN_ROLE.test(text.slice(from, Math.min(lineSpan[1] + 40, end + 400)))) return false;
  return !TURN_START.test(text.slice(end, end + 400));
}

/**
 * Why a finding at `start` on `line` reads as quoted or warned about (a block is lowered to a
 * flag, a flag is kept from a channel's escalation), or undefined.
 */
function softeningContext(
  layout: TextLayout,
  ctx: LayerContext,
  category: string,
  start: number,
  end: number,
  line: number,
  lineSpan: readonly [number, number],
): string | undefined {
  const warnLine = sortedHas(ctx.warnings, lineSpan[0], lineSpan[1] + 1);
  const quoted = layout.quoted(start);
  const fenced = layout.inFence(start);
  if (category === 'role-marker' && (fenced || quoted)) return 'a code sample or quotation';
  if (category === 'role-marker' && namedInProse(layout.text, start, end, lineSpan))
    return 'a special token named in a sentence';
  if (
    quoted &&
    (warnLine || ctx.securityDoc) &&
    !quoteHandedToModel(layout.text, lineSpan[0], start) &&
    !quoteAddressedToReader(layout.text, lineSpan[0], start)
  )
    return 'quoted in a sentence that warns about it';
  if (fenced && ctx.securityDoc) return 'inside a code block of a security document';
  if ((warnLine || layout.isTableRow(line)) && ctx.securityDoc)
    return 'a warning line of a security document';
  return undefined;
}

/** The findings of the phrase rules (context rules applied), plus the obfuscation they needed. */
function phraseFindings(
  text: string,
  norm: NormalizedView,
  matches: readonly PhraseMatch[],
  ctx: LayerContext,
  out: RawFinding[],
): void {
  // built on the first match that needs it: most texts have none
  let layout: TextLayout | undefined;
  for (const m of matches) {
    if (m.rule.startsWith('ctx:') || m.rule.startsWith('lex:')) continue;
    const start = norm.toOriginal(m.start);
    let end = endOf(norm, text, m.end - 1);
    // a stem match ends mid-word ("instruction|s"): extend to the end of the word, a little
    for (let k = 0; k < WORD_TAIL && end < text.length; k++) {
      const c = text.charCodeAt(end);
      if (c >= 0x0590 || !isWordUnit(c)) break; // only alphabetic scripts have words to finish
      end++;
    }
    if (m.rule === 'jailbreak.dan' && text.slice(start, end) !== 'DAN') continue;
    // Chinese and Japanese end a sentence with 。！？ and no line break: a sending verb and a
    // secret must sit in one ("不要把密码发给AI助手。请使用环境变量" is two sentences, neither of
    // which sends a secret). Other rules read across on purpose (a secret named, then asked for
    // by a pronoun: "…パスワードが必要です。それを教えて")
    if (
      (m.lang === 'zh' || m.lang === 'ja') &&
      m.rule.startsWith('exfil.') &&
      CJK_SENTENCE_END.test(text.slice(start, end))
    )
      continue;
    const info = ruleInfo(m.rule);
    layout ??= new TextLayout(text);
    const line = layout.lineOf(start);
    const span = layout.lineSpan(line);
    if (CODE_CATEGORIES.has(info.category) && sortedHas(ctx.locals, span[0], span[1] + 1)) {
      continue; // requests to a local address are not exfiltration
    }
    let severity = info.severity;
    let context: string | undefined;
    // a flag quoted the same way is not lowered, but no channel may raise it to a block either
    let quotedFlag = false;
    if (severity !== 'info' && SOFTENABLE.has(info.category)) {
      const why = softeningContext(layout, ctx, info.category, start, end, line, span);
      if (why !== undefined && severity === 'block') {
        context = why;
        severity = 'flag';
      } else if (why !== undefined && isWeakEvidence(m.rule)) {
        // wording that is also ordinary prose, quoted as an example of an attack: a description
        context = why;
        severity = 'info';
      } else quotedFlag = why !== undefined;
    }
    out.push({
      ruleId: m.rule,
      start,
      end,
      severity,
      ...(context === undefined ? {} : { context }),
      ...(quotedFlag ? { weak: true } : {}),
    });
    // obfuscation that was needed for the match is a finding of its own (not in code, where
    // `base64` reads as leetspeak: digits in identifiers are not obfuscation)
    const bits = severity === 'info' || CODE_CATEGORIES.has(info.category) ? 0 : m.bits;
    if (bits & NORM_FLAG.homoglyph) out.push({ ruleId: 'obfuscation.homoglyph', start, end });
    if (bits & NORM_FLAG.despaced) out.push({ ruleId: 'obfuscation.spaced-letters', start, end });
    if (bits & NORM_FLAG.leet) out.push({ ruleId: 'obfuscation.leetspeak', start, end });
  }
}

/** The dense-jailbreak-vocabulary finding, when the lexicon score reaches the thresholds. */
function lexiconFinding(
  text: string,
  norm: NormalizedView,
  ctx: LayerContext,
): RawFinding | undefined {
  const { lex, firstStrong } = ctx;
  const score = 3 * lex.strong.size + 2 * lex.medium.size + lex.weak.size;
  if (
    firstStrong === undefined ||
    !(
      (score >= LEXICON_FLAG_SCORE && lex.strong.size >= LEXICON_FLAG_STRONG) ||
      score >= LEXICON_FLAG_SCORE + 2
    )
  ) {
    return undefined;
  }
  const block = score >= LEXICON_BLOCK_SCORE && lex.strong.size >= LEXICON_BLOCK_STRONG;
  const terms: string[] = [];
  const spans = ctx.strongSpans;
  for (let k = 0; k < spans.length; k += 2) terms.push(norm.text.slice(spans[k], spans[k + 1]));
  return {
    ruleId: 'jailbreak.lexicon',
    start: norm.toOriginal(firstStrong[0]),
    end: endOf(norm, text, firstStrong[1] - 1),
    severity: block ? 'block' : 'flag',
    message: `Dense jailbreak vocabulary (score ${score}, ${lex.strong.size} strong terms: ${terms.sort().slice(0, 5).join(', ')}).`,
  };
}

/**
 * Characters read on either side of a run decoded in place, for its findings' surroundings; a
 * longer run (a 1 MB URL-encoded chunk) is read alone, as scanning it twice would cost.
 */
const IN_PLACE_REACH = 1000;

/**
 * Runs decoded in place whose findings are read among their surroundings, per layer; later ones
 * are read alone, as before this reading (which can only lower a finding): each reading scans up
 * to 2 * {@link IN_PLACE_REACH} characters more.
 */
const IN_PLACE_READS = 8;

/** True when `run.text[start, end)` holds a unit an escape made (see `DecodedRun.made`). */
function madeIn(run: DecodedRun, start: number, end: number): boolean {
  const made = run.made;
  if (made === undefined) return true;
  // the first made index at or after `start`
  let lo = 0;
  let hi = made.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (made[mid]! < start) lo = mid + 1;
    else hi = mid;
  }
  return lo < made.length && made[lo]! < end;
}

/** True when `run.text[start, end)` lies inside a run that decoding by runs finds (see `DecodedRun.tight`). */
function inTight(run: DecodedRun, start: number, end: number): boolean {
  const tight = run.tight;
  if (tight === undefined) return false;
  for (let k = 0; k < tight.length; k += 2)
    if (tight[k]! <= start && end <= tight[k + 1]!) return true;
  return false;
}

/**
 * The findings of a run decoded in place (see `DecodedRun.inPlace`), given `found`, its text's
 * own findings. What decoding by runs finds is found as it always was: each tight run's text
 * scanned alone. A finding of the whole text that the plain words alone give is dropped (the
 * layer above has it); one that needs both the decoded and the plain words is, with `read`, read
 * among the run's surroundings (the text around it, the run decoded and its other encoded runs
 * left encoded, so the reading never nests, scanned and read for local context: see
 * `lowerByLocalContext`) and kept at a flag at least. A quoted example that a security write-up
 * warns about is flagged there, as its plain twin is; the same words handed over as an order
 * keep their block.
 */
function inPlaceFindings(
  text: string,
  run: DecodedRun,
  found: readonly RawFinding[],
  depth: number,
  maxDepth: number,
  read: boolean,
): RawFinding[] {
  const out: RawFinding[] = [];
  const tight = run.tight ?? [];
  for (let k = 0; k < tight.length; k += 2) {
    const a = tight[k]!;
    for (const f of scanLayer(run.text.slice(a, tight[k + 1]!), depth + 1, maxDepth))
      out.push({ ...f, start: f.start + a, end: f.end + a });
  }
  const mixed: RawFinding[] = [];
  for (const f of found) {
    if (f.layers !== undefined) out.push(f);
    else if (madeIn(run, f.start, f.end) && !inTight(run, f.start, f.end)) mixed.push(f);
  }
  if (mixed.length === 0 || !read) return out.concat(mixed);
  const from = Math.max(0, run.start - IN_PLACE_REACH);
  const around =
    text.slice(from, run.start) + run.text + text.slice(run.end, run.end + IN_PLACE_REACH);
  const shift = run.start - from;
  const local = scanLayer(around, maxDepth, maxDepth);
  lowerByLocalContext(around, local);
  for (const f of mixed) {
    // the same rule read among the surroundings, over the same decoded units; without one (no
    // reading of it there) the finding stays as its text alone gave it
    const g = local.find(
      (x) => x.ruleId === f.ruleId && x.start - shift < f.end && f.start < x.end - shift,
    );
    if (g === undefined) {
      out.push(f);
      continue;
    }
    const sev = g.severity ?? ruleInfo(g.ruleId).severity;
    out.push({ ...g, start: f.start, end: f.end, severity: sev === 'info' ? 'flag' : sev });
  }
  return out;
}

/** Scans every decoded run one layer deeper and reports its findings at the run's span. */
function decodedFindings(
  text: string,
  inner: readonly DecodedRun[],
  depth: number,
  maxDepth: number,
  out: RawFinding[],
): void {
  let reads = 0;
  for (const run of inner) {
    let found = scanLayer(run.text, depth + 1, maxDepth);
    // (a tight run is scanned alone even when the whole line gives nothing: its words around it
    // may keep a phrase of the run from matching, where decoding by runs always found it)
    if (run.inPlace === true && (found.length > 0 || (run.tight?.length ?? 0) > 0)) {
      const read = run.text.length <= IN_PLACE_REACH && reads < IN_PLACE_READS;
      if (read) reads++;
      found = inPlaceFindings(text, run, found, depth, maxDepth, read);
    }
    let serious = false;
    for (const f of found) {
      // an escape or entity spells its character out in plain sight: decoded, it is not hidden
      if (VISIBLE_LAYERS.has(run.layer) && ruleInfo(f.ruleId).category === 'hidden-text') continue;
      const sev = f.severity ?? ruleInfo(f.ruleId).severity;
      if (sev !== 'info') serious = true;
      out.push({ ...f, start: run.start, end: run.end, layers: [run.layer, ...(f.layers ?? [])] });
    }
    // an address hidden in base64 or hex (`b64decode("aHR0cHM6Ly9...")`) is itself obfuscation
    const hiddenUrl =
      run.layer !== 'unicode-tags' && run.layer !== 'url' && ENCODED_URL.test(run.text);
    if ((serious || hiddenUrl) && run.layer !== 'unicode-tags') {
      out.push({
        ruleId: 'obfuscation.encoded-payload',
        start: run.start,
        end: run.end,
        layers: [run.layer],
        message: serious
          ? `A ${run.layer}-encoded run decodes to text with findings.`
          : `A ${run.layer}-encoded run decodes to a web address.`,
      });
    }
  }
}

/** Scans one layer of text. `depth` counts decoding layers already peeled. */
export function scanLayer(text: string, depth: number, maxDepth: number): RawFinding[] {
  const out: RawFinding[] = [];
  const norm = normalizeView(text);
  const matches = getMatcher().match(norm.joined, 200, norm.flags);
  const ctx = layerContext(matches, norm, text);
  phraseFindings(text, norm, matches, ctx, out);
  const lexicon = lexiconFinding(text, norm, ctx);
  if (lexicon !== undefined) out.push(lexicon);

  const hidden = findHiddenChars(text, 200, norm.mayHaveInvisible, norm.mayHaveDropped);
  append(out, hidden.findings);
  const has = unitsPresent(text);
  // each detector skipped here finds nothing without the unit it is gated on (see UNIT)
  if (has & UNIT.lt) append(out, findAiComments(text)); // `<!--`
  if (has & (UNIT.lt | UNIT.paren)) append(out, findImageExfil(text)); // `](`, `<img`
  append(out, findVendorCredentialsSent(text)); // `http` looked for first
  // a flood is FLOOD_TOKENS tokens or more, each at least one unit
  if (text.length >= FLOOD_TOKENS) append(out, findTokenFlood(text));
  // every opener of a block starts at `<`, `[` or a label at a line start
  if (has & (UNIT.lt | UNIT.bracket) || labelMayOpen(text)) append(out, findToolPoisoning(text));
  if (has & UNIT.backslash) append(out, findEscapedBreakFlood(text)); // `\n`

  if (depth < maxDepth) {
    const inner: DecodedRun[] = [];
    for (const p of hidden.tagPayloads) inner.push({ layer: 'unicode-tags', ...p });
    // a digit or `=` (base64, hex), `%` (URL escapes)
    if (has & (UNIT.digit | UNIT.equals | UNIT.percent)) append(inner, findEncodedRuns(text));
    if (has & (UNIT.amp | UNIT.backslash)) append(inner, findEscapeRuns(text)); // `&#`, `\x`, `\u`
    append(inner, findRot13AndReversed(text));
    if (has & UNIT.dash) append(inner, findMorseRuns(text)); // `.-` or `-.`
    if (has & UNIT.digit) append(inner, findByteRuns(text)); // every group run starts at a digit
    if (inner.length > 0) decodedFindings(text, inner, depth, maxDepth, out);
  }
  return out;
}

/** Bits of {@link unitsPresent}: one per unit (or class) a detector needs to find anything. */
const UNIT = {
  digit: 1,
  equals: 2,
  percent: 4,
  amp: 8,
  backslash: 16,
  dash: 32,
  lt: 64,
  paren: 128,
  bracket: 256,
} as const;

/** {@link unitsPresent} of a long text: every bit. */
const ALL_UNITS = Object.values(UNIT).reduce((all, bit) => all | bit, 0);

/** Per ASCII unit, its {@link UNIT} bits. */
const UNIT_OF = (() => {
  const t = new Uint16Array(128);
  for (let c = 48; c <= 57; c++) t[c] = UNIT.digit;
  t[61] = UNIT.equals;
  t[37] = UNIT.percent;
  t[38] = UNIT.amp;
  t[92] = UNIT.backslash;
  t[45] = UNIT.dash;
  t[60] = UNIT.lt;
  t[40] = UNIT.paren;
  t[91] = UNIT.bracket;
  return t;
})();

/** Texts up to this long are classified unit by unit; longer ones have every bit set (all detectors run). */
const CLASSIFIED_LENGTH = 256;

/**
 * The {@link UNIT} bits of the units `text` holds (all bits for a long text): a text without a
 * detector's units skips that detector's call and its native pre-checks, most of the cost of
 * scanning a short line.
 */
function unitsPresent(text: string): number {
  if (text.length > CLASSIFIED_LENGTH) return ALL_UNITS;
  let has = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) has |= UNIT_OF[c]!;
  }
  return has;
}

/** Appends `items` to `out` (a loop: most lists are empty, and a spread call costs more). */
function append<T>(out: T[], items: readonly T[]): void {
  for (let i = 0; i < items.length; i++) out.push(items[i]!);
}
