#!/usr/bin/env node
// Development aid: lists the DEV-half items of one source that the scanner misses (attacks that
// scan clean) or objects to (benign items that are not clean). It never prints a check-half item,
// so rules are written without looking at the half that measures them.
// Run: npx tsc -p tsconfig.build.json && node bench/safety-misses.mjs "deepset" [attack|benign]
//   [--rules] [--channel=tool-output]: `--rules` turns the learned stage off (the shipped model was
//   trained on every source's dev half, so its misses there say little of held-out recall);
//   `--channel` scans each item as it would arrive by that channel.
import { fileURLToPath } from 'node:url';
import { scan } from '../dist/safety/index.js';
import { halfOf, loadInjection2 } from './safety-sets.mjs';

const corpora = fileURLToPath(new URL('../../shared/corpora/', import.meta.url));
const argv = process.argv.slice(2);
const [name = '', kind = 'attack'] = argv.filter((a) => !a.startsWith('--'));
const channel = argv.find((a) => a.startsWith('--channel='))?.slice('--channel='.length);
const options = {
  ...(channel ? { channel } : {}),
  ...(argv.includes('--rules') ? { policy: { rules: { 'learned.injection': 'off' } } } : {}),
};
const sets = loadInjection2(corpora)[kind === 'benign' ? 'benign' : 'attacks'];
for (const s of sets.filter((x) => x.name.includes(name))) {
  const dev = s.texts.filter((t) => halfOf(t) === 'dev');
  let n = 0;
  for (const t of dev) {
    const r = scan(t, options);
    const miss = kind === 'benign' ? r.verdict !== 'clean' : r.verdict === 'clean';
    if (!miss) continue;
    n++;
    const rules = [
      ...new Set(
        r.findings.filter((f) => f.severity !== 'info').map((f) => `${f.ruleId}:${f.severity}`),
      ),
    ];
    console.log(
      `--- ${r.verdict} ${rules.join(',')}\n${t.length > 1500 ? `${t.slice(0, 1500)}…` : t}`,
    );
  }
  console.log(`== ${s.name}: ${n} of ${dev.length} dev items listed`);
}
