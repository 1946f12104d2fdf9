import { describe, expect, it } from 'vitest';
import { toolDigests } from '../tools/index.js';
import { createSession, parseSession, serializeSession, updateSession } from './session.js';

const base = createSession({ id: 's1', createdAt: '2026-01-01T00:00:00.000Z' });

describe('session: per-tool digests', () => {
  it('a session without tools (saved before the field) loads with none; one with tools round-trips', () => {
    const old = serializeSession(base);
    expect(old).not.toContain('"tools"');
    expect(parseSession(old).tools).toBeUndefined();
    const tools = toolDigests([
      { name: 'b', description: 'B', inputSchema: { type: 'object' } },
      { name: 'a', description: 'A', inputSchema: { type: 'object' } },
    ]);
    const withTools = updateSession(base, { tools });
    const back = parseSession(serializeSession(withTools));
    expect(back.tools?.map((t) => t.name)).toEqual(['a', 'b']);
    expect(back.tools).toEqual(tools);
  });

  it('a malformed tools field is E_SESSION_CORRUPT naming it', () => {
    const bad = JSON.parse(serializeSession(base));
    bad.tools = [{ name: 'a', sha256: 'md5:abc' }];
    expect(() => parseSession(JSON.stringify(bad))).toThrow(/field "tools"/);
  });
});
