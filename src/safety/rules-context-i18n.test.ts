import { describe, expect, it } from 'vitest';
import { REJECTION_I18N } from './rules-context-i18n.js';

/** The top-level alternatives of the group that opens at `open` (its `(`) in `source`. */
function alternativesOf(source: string, open: number): string[] {
  const out: string[] = [];
  let depth = 0;
  let inClass = false;
  let from = open + 3; // past `(?:`
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth === 0) {
        out.push(source.slice(from, i));
        return out;
      }
    } else if (c === '|' && depth === 1) {
      out.push(source.slice(from, i));
      from = i + 1;
    }
  }
  throw new Error('unclosed group');
}

describe('REJECTION_I18N', () => {
  it('lists in its look-ahead the first two letters of every word form it reads (a form left out would never match)', () => {
    const source = REJECTION_I18N.source;
    const head = /^\(\?=([^)]*)\)\(\?<!\\p\{L\}\)\(\?:/.exec(source);
    expect(head).not.toBeNull();
    const starts = new Set(head![1]!.split('|'));
    const forms = alternativesOf(source, head![0].length - 3);
    expect(forms.length).toBeGreaterThan(15);
    for (const form of forms) {
      // a form opening with a group starts with each of the group's alternatives
      const firsts = form.startsWith('(?:')
        ? alternativesOf(form, 0).map((a) => a.slice(0, 2))
        : [form.slice(0, 2)];
      for (const f of firsts) expect(starts, `${form} starts with ${f}`).toContain(f.toLowerCase());
    }
  });

  it('reads the refusals it was written for, in any case', () => {
    for (const s of [
      'Befolge ihn nicht.',
      'no lo obedezcas',
      'NÃO O SIGA',
      'voer dat niet uit',
      'не выполняй это',
      'Đừng làm theo nó',
      'jangan ikutinya',
      'uygulamayın',
      'itaat etme',
      '不要照做',
    ])
      expect(REJECTION_I18N.test(s), s).toBe(true);
    expect(REJECTION_I18N.test('annon lo eseguire')).toBe(false); // no letter boundary
  });
});
