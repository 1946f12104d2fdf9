import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, canonicalToolsJson } from './canonical.js';
import type { ToolDefinition } from './tool-definition.js';

/** The same value with the keys of every object inserted in an order drawn from `rand`. */
function shuffled(value: unknown, rand: () => number): unknown {
  if (Array.isArray(value)) return value.map((v) => shuffled(v, rand));
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  for (let i = keys.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [keys[i], keys[j]] = [keys[j]!, keys[i]!];
  }
  const out: Record<string, unknown> = {};
  for (const k of keys)
    Object.defineProperty(out, k, {
      value: shuffled((value as Record<string, unknown>)[k], rand),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const json = fc.jsonValue({ maxDepth: 4 });

describe('canonicalJson', () => {
  it('gives identical bytes for any key order (property)', () => {
    fc.assert(
      fc.property(json, fc.integer(), (value, seed) => {
        const a = canonicalJson(value);
        const b = canonicalJson(shuffled(value, lcg(seed)));
        expect(b).toBe(a);
        // and it is the same value
        expect(JSON.parse(a)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 1000 },
    );
  });

  it('sorts keys at every level, drops undefined, writes -0 as 0', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: undefined, x: -0 }], c: 2 } })).toBe(
      '{"a":{"c":2,"d":[{"x":0,"z":1}]},"b":1}',
    );
  });

  it('refuses non-finite numbers and cycles', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(/E_TOOL_SCHEMA|not a JSON number/);
    const o: Record<string, unknown> = {};
    o.self = o;
    expect(() => canonicalJson(o)).toThrow(/itself/);
  });

  it('a tool list gives the same bytes in any declaration order', () => {
    const a: ToolDefinition = {
      name: 'a',
      description: 'A',
      inputSchema: { type: 'object', properties: { p: { type: 'string' } }, required: ['p'] },
    };
    const b: ToolDefinition = {
      name: 'b',
      description: 'B',
      inputSchema: { required: [], properties: {}, type: 'object' },
    };
    const b2 = shuffled(b, lcg(7)) as ToolDefinition;
    expect(canonicalToolsJson([b2, a])).toBe(canonicalToolsJson([a, b]));
  });
});

describe('canonicalJson edge keys', () => {
  it('keeps a __proto__ key as data', () => {
    const v = JSON.parse('{"__proto__":{"x":1},"a":2}');
    expect(canonicalJson(v)).toBe('{"__proto__":{"x":1},"a":2}');
  });
});
