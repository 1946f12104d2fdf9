#!/usr/bin/env node
// Development aid: the DEV-half items of CyberSecEval (EN and multilingual) that the default
// scan() misses, with their language and injection variant, and the dev-half detection counts
// per language. `bench/safety-misses.mjs` reads only injection2/, which does not hold
// CyberSecEval. It never prints a check-half item, and counts only the dev half.
// Run: npx tsc -p tsconfig.build.json && node bench/safety-misses-cse.mjs [en|multi|both] [print|count]
//   [--rules]: the learned stage off (the shipped model was trained on the dev half).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scan } from '../dist/safety/index.js';
import { halfOf } from '../scripts/scanner-data.mjs';

const pi = fileURLToPath(
  new URL(
    '../../shared/corpora/injection/meta-llama__PurpleLlama/CybersecurityBenchmarks/datasets/prompt_injection/',
    import.meta.url,
  ),
);
const argv = process.argv.slice(2);
const [which = 'both', mode = 'count'] = argv.filter((a) => !a.startsWith('--'));
const options = argv.includes('--rules')
  ? { policy: { rules: { 'learned.injection': 'off' } } }
  : {};
const files = [];
if (which !== 'multi') files.push(['EN', 'prompt_injection.json']);
if (which !== 'en') files.push(['multi', 'prompt_injection_multilingual_machine_translated.json']);
for (const [name, file] of files) {
  const rows = JSON.parse(readFileSync(`${pi}${file}`, 'utf8')).filter(
    (x) => typeof x.user_input === 'string' && x.user_input.trim() !== '',
  );
  const dev = rows.filter((x) => halfOf(x.user_input) === 'dev');
  const byLang = new Map();
  let detected = 0;
  for (const x of dev) {
    const lang = x.speaking_language ?? 'English';
    const entry = byLang.get(lang) ?? [0, 0];
    entry[1]++;
    byLang.set(lang, entry);
    if (scan(x.user_input, options).verdict !== 'clean') {
      detected++;
      entry[0]++;
    } else if (mode === 'print') {
      console.log(`--- [${lang}] ${x.injection_variant}\n${x.user_input.slice(0, 1500)}`);
    }
  }
  console.log(`== CyberSecEval ${name}: dev half detected ${detected} of ${dev.length}`);
  if (mode === 'count')
    for (const [lang, [a, b]] of [...byLang].sort()) console.log(`   ${lang.padEnd(18)} ${a}/${b}`);
}
