// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${var} placeholders are what these tests are about
import { describe, expect, it } from 'vitest';
import { parseTaskCommand, resolveInputs, substituteInputs } from './task-command.js';

describe('task commands', () => {
  it('parses /name with named, quoted and positional arguments', () => {
    expect(parseTaskCommand('/deploy env=prod "two words" note=\'a b\' last')).toEqual({
      name: 'deploy',
      named: { env: 'prod', note: 'a b' },
      positional: ['two words', 'last'],
    });
    expect(parseTaskCommand('please /deploy')).toBeUndefined();
    expect(parseTaskCommand('/Deploy')).toBeUndefined();
    expect(parseTaskCommand('/deploy')).toEqual({ name: 'deploy', named: {}, positional: [] });
  });

  it('fills inputs from named, then positional values, then defaults', () => {
    const declared = [
      { name: 'env', required: true },
      { name: 'reason', required: true },
      { name: 'mode', required: false, default: 'fast' },
    ];
    expect(resolveInputs(declared, { env: 'prod' }, ['fix', 'the', 'bug'])).toEqual({
      values: { env: 'prod', reason: 'fix', mode: 'the bug' },
      missing: [],
      unknown: [],
    });
    expect(resolveInputs(declared, { other: 'x' })).toEqual({
      values: { mode: 'fast' },
      missing: ['env', 'reason'],
      unknown: ['other'],
    });
  });

  it('substitutes ${var}, keeps unknown placeholders and honours \\${var}', () => {
    expect(substituteInputs('to ${env} ${nope} \\${env}', { env: 'prod' })).toBe(
      'to prod ${nope} ${env}',
    );
    expect(substituteInputs('${a}', { a: '$&${a}' })).toBe('$&${a}');
  });
});
