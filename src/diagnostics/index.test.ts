import { describe, expect, it } from 'vitest';
import { diagnostic, escapeForTerminal, formatDiagnostic } from './index.js';

describe('formatDiagnostic', () => {
  it('keeps a plain diagnostic as file:line: severity CODE: message', () => {
    const d = diagnostic('W_TRUNCATED', 'warning', 'kept 10 of 20 bytes', {
      file: 'a.md',
      line: 3,
    });
    expect(formatDiagnostic(d)).toBe('a.md:3: warning W_TRUNCATED: kept 10 of 20 bytes');
  });

  it('escapes controls, line breaks and bidi overrides from names and messages', () => {
    const name = 'x\u001b[31m\r\n\u0000\u009b\u2028\u202e.md';
    const d = diagnostic('E_INTERNAL', 'error', `${name} is bad`, { file: name });
    const line = formatDiagnostic(d);
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u202e]/);
    expect(line).toContain('x\\u001b[31m\\r\\n\\u0000\\u009b\\u2028\\u202e.md');
    expect(escapeForTerminal('tab\there')).toBe('tab\\there');
  });
});
