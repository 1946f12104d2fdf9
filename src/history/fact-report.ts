/**
 * @module history/fact-report
 * The honest check of a compaction: every fact of the whole input's ledger, looked up in the
 * output's text and in the artifacts of elided results, with one multi-string search per text.
 */
import type { ArtifactFact, DroppedFact, FactReport } from './compaction-types.js';
import type { Artifact } from './elide.js';
import { type Fact, type LedgerMemo, ledgerWithMemo, messageVisibleText } from './facts.js';
import { JoinedTexts } from './joined-texts.js';
import type { History, Message } from './message.js';
import { occurrences } from './substring-set.js';

/**
 * Parts of the output text to look in first: a fact found in the output message with its id
 * (a message kept verbatim, or its elided stub), or in one of `texts` (each a substring of the
 * output text: the summary), is in the output without searching all of it.
 */
export interface OutputHints {
  /** The output history whose visible text is the output text. */
  readonly messages: History;
  /** Further substrings of the output text. */
  readonly texts?: readonly string[];
  /** Values the output text is known to hold (the facts a summary in it was checked against). */
  readonly values?: ReadonlySet<string>;
}

/** Facts left after the message check up to which the hinted texts are searched first. */
const HINT_TEXTS_MAX = 4096;

/**
 * For each fact, whether its value is in `text`: first in the hinted parts (a fact is usually
 * in the message it was first seen in, or in the summary), then one search for the rest.
 */
function presentInOutput(
  ledger: readonly Fact[],
  output: JoinedTexts,
  hints: OutputHints | undefined,
): boolean[] {
  const found: boolean[] = [];
  for (let i = 0; i < ledger.length; i++) found.push(false);
  if (hints !== undefined) {
    const byId = new Map<string, Message>();
    for (const m of hints.messages) if (!byId.has(m.id)) byId.set(m.id, m);
    const visible = new Map<Message, string>();
    const values = hints.values;
    let left = 0;
    for (let i = 0; i < ledger.length; i++) {
      const f = ledger[i]!;
      if (values?.has(f.value)) found[i] = true;
      else {
        const m = byId.get(f.messageId);
        if (m !== undefined) {
          let v = visible.get(m);
          if (v === undefined) {
            v = messageVisibleText(m);
            visible.set(m, v);
          }
          if (v.includes(f.value)) found[i] = true;
        }
      }
      if (!found[i]) left++;
    }
    // the summary first when few facts are left: what it does not hold is then usually few
    // enough for one indexOf each over the output; many facts go straight to one search of it
    if (left <= HINT_TEXTS_MAX) for (const t of hints.texts ?? []) searchOpen(found, ledger, t);
  }
  searchOpen(found, ledger, output);
  return found;
}

/**
 * Marks the facts not found yet that `within` holds (one multi-string search of it). Loops and
 * a text argument rather than callbacks: arrows made per call lose their optimised code at
 * every full collection (see countAll in compact.ts).
 */
function searchOpen(found: boolean[], ledger: readonly Fact[], within: string | JoinedTexts): void {
  const open: number[] = [];
  const values: string[] = [];
  for (let i = 0; i < found.length; i++)
    if (!found[i]) {
      open.push(i);
      values.push(ledger[i]!.value);
    }
  if (open.length === 0) return;
  const present = typeof within === 'string' ? occurrences(within, values) : within.holds(values);
  for (let k = 0; k < open.length; k++) found[open[k]!] = present[k]!;
}

/**
 * An artifact known to hold some values verbatim (the ledger overflow: one line per fact), so
 * a fact found in no artifact before it is attributed to it without searching its text.
 */
export interface KnownArtifact {
  readonly artifact: Artifact;
  readonly values: ReadonlySet<string>;
}

/**
 * Where each fact of `input` is in `output` (its visible text `outputText`: a string, or the
 * texts it joins with newlines) or in `artifacts`.
 * `scannerRemoved` says whether the scanner blocked summary lines (the reason a fact may be gone).
 * `known`, when it is the last of `artifacts`, is searched only for the facts it is not known to
 * hold; `hints` are looked at before the whole output text. Either way the result is the same
 * as one search of everything. `memo`: the caller's ledger memo (see facts.ts).
 */
export function reportFacts(
  input: History,
  outputText: string | JoinedTexts,
  artifacts: readonly Artifact[],
  scannerRemoved: boolean,
  known?: KnownArtifact,
  hints?: OutputHints,
  memo?: LedgerMemo,
): FactReport {
  const content = new Map(artifacts.map((a) => [a.ref as string, a.content]));
  const ledger = ledgerWithMemo(input, { resolve: (ref) => content.get(ref) }, memo);
  const verbatim: Fact[] = [];
  const dropped: DroppedFact[] = [];
  const output = typeof outputText === 'string' ? new JoinedTexts([outputText], '\n') : outputText;
  const inOutput = presentInOutput(ledger, output, hints);
  const rest: Fact[] = [];
  for (let i = 0; i < ledger.length; i++) (inOutput[i] ? verbatim : rest).push(ledger[i]!);
  const last = artifacts[artifacts.length - 1];
  const useKnown =
    known !== undefined && last === known.artifact && !rest.some((f) => f.value.includes('\u0000'));
  const inArtifacts: ArtifactFact[] = [];
  let left = rest;
  if (useKnown) {
    // the artifacts before the known one, then the known one for what they do not hold
    const before = locate(artifacts.slice(0, -1), rest, inArtifacts);
    const unknown = before.filter((f) => !known.values.has(f.value));
    for (const f of before)
      if (known.values.has(f.value)) inArtifacts.push({ fact: f, ref: known.artifact.ref });
    left = locate([known.artifact], unknown, inArtifacts);
    // in ledger order, as one search over all artifacts gives them (each fact is found once:
    // placed by its index in `rest`, no sort)
    const order = new Map(rest.map((f, i) => [f, i]));
    const slots: (ArtifactFact | undefined)[] = new Array(rest.length);
    for (const x of inArtifacts) slots[order.get(x.fact)!] = x;
    inArtifacts.length = 0;
    for (const x of slots) if (x !== undefined) inArtifacts.push(x);
  } else left = locate(artifacts, rest, inArtifacts);
  for (const fact of left)
    dropped.push({ fact, reason: scannerRemoved ? 'removed-by-scanner' : 'not-in-output' });
  return { verbatim, inArtifacts, dropped };
}

/**
 * Finds each of `facts` in `artifacts` (one search over all of them; a match is attributed to
 * the artifact it starts in), pushes those found to `found` in order, and returns the rest.
 */
function locate(
  artifacts: readonly Artifact[],
  facts: readonly Fact[],
  found: ArtifactFact[],
): Fact[] {
  if (artifacts.length === 0 || facts.length === 0) return [...facts];
  const holders = new JoinedTexts(
    artifacts.map((a) => a.content),
    '\u0000',
  ).firstHolders(facts.map((f) => f.value));
  const left: Fact[] = [];
  facts.forEach((fact, i) => {
    const at = holders[i]!;
    if (at < 0) left.push(fact);
    else found.push({ fact, ref: artifacts[at]!.ref });
  });
  return left;
}
