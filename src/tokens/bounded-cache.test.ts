import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.js';

describe('BoundedCache', () => {
  it('keeps at most two generations of entries', () => {
    const c = new BoundedCache<number>({ maxEntries: 4 });
    for (let i = 0; i < 100; i++) c.set(`k${i}`, i);
    expect(c.size).toBeLessThanOrEqual(8);
    expect(c.get('k99')).toBe(99);
    expect(c.get('k0')).toBeUndefined();
  });

  it('carries an entry still in use across a turnover', () => {
    const c = new BoundedCache<number>({ maxEntries: 2 });
    c.set('hot', 1);
    c.set('a', 2); // young: hot, a
    c.set('b', 3); // turnover: old = {hot, a}, young = {b}
    expect(c.get('hot')).toBe(1); // promoted into young: {b, hot}
    c.set('c', 4); // turnover: old = {b, hot}
    c.set('d', 5); // young = {c, d}
    expect(c.get('hot')).toBe(1);
    expect(c.get('a')).toBeUndefined();
  });

  it('bounds the summed key length and refuses a key longer than a generation', () => {
    const c = new BoundedCache<number>({ maxEntries: 100, maxKeyChars: 10 });
    c.set('x'.repeat(11), 1);
    expect(c.get('x'.repeat(11))).toBeUndefined();
    c.set('aaaaaa', 1);
    c.set('bbbbbb', 2); // over 10 chars: turnover
    c.set('cccccc', 3); // turnover again: aaaaaa dropped
    expect(c.get('aaaaaa')).toBeUndefined();
    expect(c.get('cccccc')).toBe(3);
    c.clear();
    expect(c.size).toBe(0);
  });
});
