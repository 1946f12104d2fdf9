import { describe, expect, it } from 'vitest';
import { CONFIG_CODES, parseProjectConfig } from './project-config.js';

describe('parseProjectConfig: tools', () => {
  it('tools.files keeps project-relative .json paths and reports the others at their line', () => {
    const r = parseProjectConfig(
      'tools:\n  files:\n    - tools/mcp.json\n    - ../outside.json\n    - notes.md\n  budget: 3\n',
      'c.yaml',
    );
    expect(r.config.tools).toEqual({ files: ['tools/mcp.json'] });
    expect(r.diagnostics.map((d) => [d.code, d.line])).toEqual([
      [CONFIG_CODES.invalid, 4],
      [CONFIG_CODES.invalid, 5],
      [CONFIG_CODES.unknownKey, 6],
    ]);
    expect(parseProjectConfig('tools: 3\n', 'c.yaml').diagnostics[0]?.code).toBe(
      CONFIG_CODES.invalid,
    );
  });
});
