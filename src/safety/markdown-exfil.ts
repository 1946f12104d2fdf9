/**
 * @module safety/markdown-exfil
 * Markdown (and HTML) images load their URL as soon as they are rendered, so an image whose
 * URL carries data, or a placeholder the model is told to fill with data, leaks it without a
 * click. A placeholder (`{...}`, `$VAR`, `<...>`, `[...]`, `%s`) in the query string together with a
 * data-like key or word blocks; a placeholder, a data-like key or a long opaque value alone flags.
 * Placeholders in the path (URL templates in docs) are not reported. Images served from local addresses are ignored.
 */
import type { RawFinding } from './raw-finding.js';

const MAX_URL = 2000;
const DATA_KEYS =
  /[?&](q|data|d|secret|token|key|password|pass|pwd|conversation|chat|history|session|env|cookie|c|msg|message|info|content|text|payload|exfil|leak)=/i;
const PLACEHOLDER = /[{}$<>[\]]|%s|%7b|%7d|%24/i;
const LOCAL = /^https?:\/\/(localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])[:/]/i;

/** Longest run of URL-safe, non-separator characters (a linear scan, no regex). */
function longestOpaqueRun(s: string): number {
  let best = 0;
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ok =
      (c >= 48 && c <= 57) ||
      (c >= 65 && c <= 90) ||
      (c >= 97 && c <= 122) ||
      c === 43 ||
      c === 95 ||
      c === 37 ||
      c === 45 ||
      c === 46;
    run = ok ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best;
}

/**
 * An image written inline as a data URI (plain or percent-encoded): `data:image/png;base64,...`,
 * `data%3Aimage%2Fsvg%2Bxml%3Bbase64%2C...`. README badges pass their logo this way; a URL that
 * is to carry data out still needs a placeholder or a data key to be reported.
 */
const IMAGE_DATA_URI =
  /data(?::|%3a)image(?:\/|%2f)(?:png|gif|jpe?g|webp|svg(?:\+|%2b)xml)(?:;|%3b)base64(?:,|%2c)[A-Za-z0-9+/=%]*/gi;

const DATA_WORD =
  /data|secret|token|key|pass|conversation|chat|history|summary|info|user|env|context|memory|cookie|session|credential|email|name|address|answer|message/i;

function classify(url: string): 'block' | 'flag' | undefined {
  if (LOCAL.test(url)) return undefined;
  const q = url.indexOf('?');
  if (q < 0) return undefined;
  const query = url.slice(q);
  const placeholder = PLACEHOLDER.test(query);
  if (placeholder && (DATA_KEYS.test(query) || DATA_WORD.test(query))) return 'block';
  if (placeholder || DATA_KEYS.test(query)) return 'flag';
  // an image carried inline (shields.io's `logo=data:image/png;base64,...`) is an image, not data
  if (longestOpaqueRun(query.replace(IMAGE_DATA_URI, '')) >= 40) return 'flag';
  return undefined;
}

function urlAt(text: string, at: number): string | undefined {
  if (!(text.startsWith('http://', at) || text.startsWith('https://', at))) return undefined;
  let e = at;
  const limit = Math.min(text.length, at + MAX_URL);
  while (e < limit) {
    const c = text.charCodeAt(e);
    if (c <= 32 || c === 41 /* ) */ || c === 34 || c === 39) break;
    e++;
  }
  return text.slice(at, e);
}

/** The first index of `pat` at or after `from`, reusing a cached earlier answer when still valid. */
function nextIndex(text: string, pat: string, from: number, cache: { at: number }): number {
  if (cache.at === -1 || cache.at >= from) return cache.at;
  cache.at = text.indexOf(pat, from);
  return cache.at;
}

/** Finds data-carrying image URLs. Linear: forward native searches, every URL read once. */
export function findImageExfil(text: string, cap = 200): RawFinding[] {
  const out: RawFinding[] = [];
  if (!text.includes('](') && !text.includes('<img')) return out;
  // markdown: ![alt](url) -- from one "](" to the next (native search), with the latest "!["
  // before it on the same line, at most 500 characters back
  const n = text.length;
  let pos = 0; // characters before `pos` are done (a URL that was read is skipped whole)
  let lastBang = -1;
  let nextBang = text.indexOf('![');
  // the first newline at or after the latest "![" looked at (-1: none after it); "![" only moves
  // forward, so every newline search starts past the previous one's answer: linear in total
  let nextNl = text.indexOf('\n');
  while (out.length < cap) {
    const i = text.indexOf('](', pos);
    if (i < 0) break;
    pos = i + 1;
    while (nextBang >= 0 && nextBang < i) {
      lastBang = nextBang;
      nextBang = text.indexOf('![', nextBang + 1);
    }
    if (lastBang < 0 || i - lastBang > 500) continue;
    if (nextNl >= 0 && nextNl < lastBang) nextNl = text.indexOf('\n', lastBang);
    if (nextNl >= 0 && nextNl < i) continue;
    let u = i + 2;
    while (u < n && text.charCodeAt(u) === 32) u++;
    if (text.charCodeAt(u) === 60 /* < */) u++;
    const url = urlAt(text, u);
    if (url === undefined) continue;
    const sev = classify(url);
    if (sev !== undefined)
      out.push({
        ruleId: 'exfil.markdown-image',
        start: lastBang,
        end: u + url.length,
        severity: sev,
      });
    // a "![" inside what was read does not count
    lastBang = -1;
    pos = Math.max(pos, u + url.length);
    while (nextBang >= 0 && nextBang < pos) nextBang = text.indexOf('![', nextBang + 1);
  }
  // HTML: <img ... src="url"
  if (!text.includes('<img')) return out;
  const gt = { at: -2 };
  const src = { at: -2 };
  let from = 0;
  while (out.length < cap) {
    const img = text.indexOf('<img', from);
    if (img < 0) break;
    from = img + 4;
    const tagEnd = nextIndex(text, '>', from, gt);
    const stop = Math.min(tagEnd < 0 ? n : tagEnd, from + 500);
    const s = nextIndex(text, 'src=', from, src);
    if (s < 0 || s > stop) continue;
    let u = s + 4;
    if (text.charCodeAt(u) === 34 || text.charCodeAt(u) === 39) u++;
    const url = urlAt(text, u);
    if (url === undefined) continue;
    const sev = classify(url);
    if (sev !== undefined)
      out.push({ ruleId: 'exfil.markdown-image', start: img, end: u + url.length, severity: sev });
    from = Math.max(from, u + url.length);
  }
  return out;
}
