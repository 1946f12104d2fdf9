import { describe, expect, it } from 'vitest';
import { scan } from './scan.js';
import { TextLayout } from './text-layout.js';

describe('TextLayout.quoted', () => {
  it('counts the inline code spans of a long line from its start, not from a window inside one', () => {
    // a paragraph of CLI arguments in inline code, the role marker in the last span, past the
    // first 300 characters: a window that began inside a span read the marker as plain text
    const spans = Array.from({ length: 16 }, (_, k) => `\`--flag-${k} value-${k}\` and`).join(' ');
    const line = `Pass ${spans} then \`--assign-identity [system]\` at creation.`;
    expect(line.length).toBeGreaterThan(300);
    const layout = new TextLayout(line);
    expect(layout.quoted(line.indexOf('[system]'))).toBe(true);
    expect(layout.quoted(line.indexOf(' then '))).toBe(false);
    // a code sample, not a message: never a block
    expect(scan(line).verdict).not.toBe('blocked');
  });
  it('reads German quotes, which open low and close with the mark English opens with', () => {
    const line = 'Texte wie „ignoriere alles“ und danach ignoriere nichts.';
    const layout = new TextLayout(line);
    expect(layout.quoted(line.indexOf('ignoriere alles'))).toBe(true);
    expect(layout.quoted(line.indexOf('danach'))).toBe(false);
    // an English pair after it is still a quotation
    const mixed = `${line} Then “quoted” text.`;
    expect(new TextLayout(mixed).quoted(mixed.indexOf('quoted'))).toBe(true);
  });
});
