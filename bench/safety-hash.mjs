#!/usr/bin/env node
import { createHash } from 'node:crypto';
// One SHA-256 over the full scan() results of every text in ../shared/corpora (files, and the
// strings inside JSON / JSONL datasets) plus crafted 1 MB inputs. A change meant only to make the
// scanner faster must leave this hash unchanged. Run: npx tsc -p tsconfig.build.json && node bench/safety-hash.mjs
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const { scan } = await import(new URL('../dist/safety/index.js', import.meta.url).href);
const root = fileURLToPath(new URL('../../shared/corpora/', import.meta.url));
const files = [];
const walk = (d) => {
  for (const e of readdirSync(d, { withFileTypes: true })) {
    const p = join(d, e.name);
    if (e.isDirectory()) walk(p);
    else files.push(p);
  }
};
walk(root);
files.sort();
const h = createHash('sha256');
let n = 0;
for (const f of files) {
  if (statSync(f).size > 30e6) continue;
  const text = readFileSync(f, 'utf8');
  const items = [];
  if (f.endsWith('.json')) {
    try {
      const j = JSON.parse(text);
      const visit = (v) => {
        if (typeof v === 'string') {
          if (v.length > 20) items.push(v);
        } else if (Array.isArray(v)) v.forEach(visit);
        else if (v && typeof v === 'object') Object.values(v).forEach(visit);
      };
      visit(j);
    } catch {
      items.push(text);
    }
  } else if (f.endsWith('.jsonl')) {
    for (const l of text.split('\n')) {
      if (!l.trim()) continue;
      try {
        const j = JSON.parse(l);
        for (const v of Object.values(j)) if (typeof v === 'string' && v.length > 20) items.push(v);
      } catch {}
    }
  } else items.push(text);
  for (const t of items) {
    h.update(JSON.stringify(scan(t)));
    n++;
  }
}
const MB = 1 << 20;
const fill = (unit) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
for (const u of [
  '<!--',
  'ignore previous ',
  'ignore all previous instructions. ',
  'i g n o r e ',
  '\u{E0069}\u{E0067}',
  '1gn0r3 pr3v10u5 ',
  'іgnоrе рrеvіоus ',
  '%69%67%6e%6f%72%65%20',
  '<img ',
  'curl ',
  '```\n',
  'ö ',
  '忽略之前的',
  'a a a a b b b b c c c c ',
  'ab cd ab cd x ',
]) {
  h.update(JSON.stringify(scan(fill(u))));
  n++;
}
h.update(
  JSON.stringify(
    scan(
      Array.from({ length: MB }, (_, i) => String.fromCharCode((i * 2654435761) % 251)).join(''),
    ),
  ),
);
n++;
console.log(n, 'texts', h.digest('hex'));
