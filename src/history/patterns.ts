/**
 * @module history/patterns
 * The extractive patterns the elider, the fact ledger and the default summariser share: error
 * lines, hashes, paths, task ids, goal lines. Deliberately plain regular expressions over lines.
 */

/** A line that reports an error or a failing test. */
const ERROR_LINE =
  /\b(?:error|errors|exception|fatal|panic(?:ked)?|traceback|failed|failure|failing|assertionerror|segmentation fault|cannot find|not found|undefined reference)\b|^\s*(?:FAIL\b|FAILED\b|ERR!|E\s{2,}|✗|✕|×)/i;
const NOT_ERROR = /\b(?:0|no) (?:errors?|failures?|failed)\b|\berror(?:s)?: 0\b/i;

/** Whether `line` reports an error. */
export function isErrorLine(line: string): boolean {
  return ERROR_LINE.test(line) && !NOT_ERROR.test(line) && line.trim().length > 0;
}

/** {@link ERROR_LINE} searched through a whole text, `^` at every line start. */
const ERROR_SCAN = new RegExp(ERROR_LINE.source, 'gim');

/**
 * The start offsets, ascending, of the lines of `text` (split at `\n`) holding a character of a
 * match of {@link ERROR_LINE} searched through the whole text: every line on which the line
 * pattern matches is among them. A match on a line at offset `p` is a match on the text at `p`
 * (the text holds the same characters there, `\b` sees the line break as a non-word character,
 * `^` matches at each line start), and a global search either takes a match starting at `p` or
 * one covering `p`. Lines without a match are never looked at: one search of the text instead
 * of one per line.
 */
export function errorLineStarts(text: string): number[] {
  const out: number[] = [];
  let start = 0;
  let end = text.indexOf('\n');
  if (end < 0) end = text.length;
  // the line [start, end], its terminator included; moved forward one line at a time
  const next = (): void => {
    start = end + 1;
    end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
  };
  ERROR_SCAN.lastIndex = 0;
  for (let m = ERROR_SCAN.exec(text); m !== null; m = ERROR_SCAN.exec(text)) {
    if (m[0].length === 0) {
      ERROR_SCAN.lastIndex++;
      continue;
    }
    const last = m.index + m[0].length - 1;
    while (m.index > end) next();
    if (out.length === 0 || out[out.length - 1]! < start) out.push(start);
    while (last > end) {
      next();
      out.push(start);
    }
  }
  return out;
}

/**
 * The line of `text` from `start` as {@link nonEmptyLines} cuts it (one `\r` before its `\n`
 * taken off), and where the next line starts (-1: none).
 */
export function lineFrom(text: string, start: number): readonly [string, number] {
  const end = text.indexOf('\n', start);
  if (end < 0) return [text.slice(start), -1];
  return [
    text.slice(start, text.charCodeAt(end - 1) === 13 && end > start ? end - 1 : end),
    end + 1,
  ];
}

/**
 * Hex strings of 7–64 digits holding both a digit and a letter: commit and content hashes. The
 * definition; {@link findHashes} finds the same matches through {@link HEX_RUN}.
 */
export const HASH =
  /(?<![0-9A-Za-z:])(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,64}(?![0-9A-Za-z])/g;
/**
 * Runs of 7 or more lower-case hex digits after {@link HASH}'s look-behind, each whole: a
 * {@link HASH} match starts where a run starts (inside one, the look-behind sees a hex digit)
 * and ends where it ends (before a hex digit the look-ahead fails, and backing off leaves one
 * next), so it is such a run of 7-64, not followed by a letter or digit, with both kinds of
 * digit. Matching runs and checking those in code costs a fraction of the look-aheads tried at
 * every position; the look-behind keeps the engine from starting again inside each word. It
 * follows the first digit (`(?<![0-9A-Za-z:].)`: the character before that digit), as in
 * {@link TASK_ID}: the engine then tries it only where a hex digit stands, not at every position
 * (the same matches; about 40% less time on the transcripts of the corpora).
 */
const HEX_RUN = /[0-9a-f](?<![0-9A-Za-z:].)[0-9a-f]{6,}/g;
/** `[0-9A-Za-z]`: what may not follow a hash. */
const HASH_AFTER = /[0-9A-Za-z]/;
const HEX_DIGIT = /[0-9]/;
const HEX_LETTER = /[a-f]/;
/** Artifact references. */
const ARTIFACT = /sha256:[0-9a-f]{64}/g;
const EXT =
  'ts|tsx|js|jsx|mjs|cjs|json|md|mdx|py|rs|go|java|kt|rb|php|cs|c|h|cc|cpp|hpp|swift|yml|yaml|toml|lock|sh|css|scss|html|sql|txt|xml|gradle|ini|cfg|env|vue|svelte';
/** The alternatives of {@link PATH}, after its look-behind (exported for tests). */
export const PATH_BODY = `(?:(?:\\.{1,2}/|~/|/)?(?:[\\w@.-]+/)+[\\w@.-]+\\.(?:${EXT})|(?:\\.{1,2}/|~/)(?:[\\w@.-]+/)*[\\w@.-]+|[\\w-]+\\.(?:${EXT}))(?![\\w/])`;
/**
 * Paths: a slash-separated name with an extension, or anchored at `./`, `../`, `~/` or `/`:
 * {@link PATH_BODY} after the start's look-behind and a look-ahead every match passes (a match is
 * made of `[\w@.~/-]` and holds a `/` or a `.`), so a plain word fails that one scan instead of
 * each alternative's backtracking (the same matches; over all texts of the six real transcripts
 * 19.3-23.8 against 24.8-28.5 ms per pass).
 */
const PATH = new RegExp(`(?<![\\w:/.@-])(?=[\\w@.~/-]*[./])${PATH_BODY}`, 'g');
/**
 * Task and issue ids: PROJ-123, TASK-7, #42; not after a word character or `-`. The look-behind
 * follows the first character (`(?<![\w-].)`: the one before it), so the engine tries it only
 * where an id can start, not at every position.
 */
const TASK_ID = /(?:[A-Z](?<![\w-].)[A-Z0-9]{1,9}-\d{1,6}|#(?<![\w-].)\d{1,6})(?![\w-])/g;
/** Upper-case prefixes that name a standard or a protocol, not a tracker (`UTF-8`, `SHA-256`). */
export const NOT_TASK: ReadonlySet<string> = new Set([
  'UTF',
  'SHA',
  'ISO',
  'ES',
  'TLS',
  'SSL',
  'HTTP',
  'IPV',
  'CVE',
  'X',
  'ECMA',
]);

function uniq(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

// Cheap pre-checks, each implied by a match of the pattern it guards: text without them skips
// the pattern (and the copy a replace makes) with the same result.
const ARTIFACT_HINT = 'sha256:';
const URL_HINT = '://';
const TASK_HINT = /[-#]\d/;

/** Hashes in `text`, in order of appearance, without repeats (artifact refs excluded). */
export function findHashes(text: string): string[] {
  const plain = text.includes(ARTIFACT_HINT) ? text.replace(ARTIFACT, ' ') : text;
  const found = new Set<string>();
  HEX_RUN.lastIndex = 0;
  for (let m = HEX_RUN.exec(plain); m !== null; m = HEX_RUN.exec(plain)) {
    const run = m[0];
    const end = m.index + run.length;
    if (
      run.length <= 64 &&
      (end === plain.length || !HASH_AFTER.test(plain[end]!)) &&
      HEX_DIGIT.test(run) &&
      HEX_LETTER.test(run)
    )
      found.add(run);
  }
  return [...found];
}

/** Artifact references in `text`. */
export function findArtifactRefs(text: string): string[] {
  if (!text.includes(ARTIFACT_HINT)) return [];
  return uniq([...text.matchAll(ARTIFACT)].map((m) => m[0]));
}

/** File paths in `text` (URLs excluded). */
export function findPaths(text: string): string[] {
  const plain = text.includes(URL_HINT) ? text.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ') : text;
  return uniq([...plain.matchAll(PATH)].map((m) => m[0])).filter((p) => !/^\.+$/.test(p));
}

/** Task / issue ids in `text`. */
export function findTaskIds(text: string): string[] {
  if (!TASK_HINT.test(text)) return [];
  return uniq([...text.matchAll(TASK_ID)].map((m) => m[0])).filter((id) => {
    const prefix = id.split('-')[0]!;
    return !NOT_TASK.has(prefix);
  });
}

/**
 * A lower-case project id with a suffix (`spotter-a0y`), as users type them (the definition;
 * {@link findBareIds} finds its matches).
 */
export const BARE_ID = /(?<![\w./-])[a-z][a-z0-9]*-[a-z0-9]*\d[a-z0-9]*(?![\w/-])/g;
/**
 * What every {@link BARE_ID} match holds: a `-`, then letters and digits up to a digit. The
 * pattern's look-behind comes first, so the engine tries it at every position; this one starts
 * at a `-`, which the engine finds by a fast search. Most texts lack it (793 of the 818 texts and
 * 750 of the 1,043 call arguments of the six real transcripts): the bare-id search over them
 * took 1.53 / 2.19 ms, with this check 0.36 / 1.26 ms (min of 7, the same matches;
 * `node bench/ledger-patterns.mjs`).
 */
const BARE_HINT = /-[a-z0-9]*\d/;

/** The {@link BARE_ID} matches of `text`, in order, repeats included. */
export function findBareIds(text: string): string[] {
  if (!BARE_HINT.test(text)) return [];
  return text.match(BARE_ID) ?? [];
}

const STATUS =
  /\b(todo|to do|in[ -]progress|doing|done|completed?|blocked|pending|open|closed|failed|failing|cancell?ed|wip|merged|reopened)\b/i;

/** The status word on `line`, normalised to lowercase, if any. */
export function findStatus(line: string): string | undefined {
  const m = STATUS.exec(line);
  return m === null ? undefined : m[1]!.toLowerCase().replace(' ', '-');
}

const GOAL =
  /\b(?:must|should|shall|need(?:s)? to|has to|have to|require[sd]?|requirement|acceptance|criteria|criterion|goal|don't|do not|never|always|make sure|ensure|instead|changed?|no longer)\b/i;
const LIST_ITEM = /^\s*(?:[-*+•]|\d+[.)]|\[[ xX]\])\s+\S/;

/** Whether a user line states a goal, a constraint or an acceptance criterion. */
export function isGoalLine(line: string): boolean {
  return line.trim().length > 0 && (GOAL.test(line) || LIST_ITEM.test(line));
}

const NOT_BLANK = /\S/;

/** Non-empty lines of `text`, without terminators. */
export function nonEmptyLines(text: string): string[] {
  // `\S` is what `trim` keeps (white space and line terminators are the same set), with no copy.
  // A split at '\n' and one '\r' taken off each line but the last is the split at /\r?\n/,
  // without running a pattern at every character.
  const lines = text.split('\n');
  const out: string[] = [];
  const last = lines.length - 1;
  for (let i = 0; i <= last; i++) {
    let l = lines[i]!;
    if (i < last && l.charCodeAt(l.length - 1) === 13) l = l.slice(0, -1);
    if (NOT_BLANK.test(l)) out.push(l);
  }
  return out;
}

/** The last of {@link nonEmptyLines}, without splitting the rest of `text`. */
export function lastNonEmptyLine(text: string): string | undefined {
  // the line [start, end); only the text's last line keeps a `\r` at its end
  for (let end = text.length, last = true; ; last = false) {
    const nl = end === 0 ? -1 : text.lastIndexOf('\n', end - 1);
    const start = nl + 1;
    const cut = !last && end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    const line = text.slice(start, cut);
    if (NOT_BLANK.test(line)) return line;
    if (nl < 0) return undefined;
    end = nl;
  }
}

/** The first of {@link nonEmptyLines}, without splitting the rest of `text`. */
export function firstNonEmptyLine(text: string): string | undefined {
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(
      start,
      end > start && text.charCodeAt(end - 1) === 13 && end < text.length ? end - 1 : end,
    );
    if (NOT_BLANK.test(line)) return line;
    start = end + 1;
  }
  return undefined;
}
