import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cpuMs } from '../_internal/test-helpers/cpu-time.js';
import { findSecret } from './secret-contents.js';

// Built at run time so that this file itself holds no token-shaped literal.
const rnd = (n: number, alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789') =>
  Array.from({ length: n }, (_, i) => alphabet[(i * 7 + 3) % alphabet.length]).join('');
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ234567';

describe('findSecret', () => {
  it.each([
    ['a private key', `-----BEGIN ${'OPENSSH'} PRIVATE KEY-----\n${rnd(70)}`],
    ['a private key', `-----BEGIN RSA ${'PRIVATE'} KEY-----\r\n${rnd(64)}`],
    [
      'a private key',
      `-----BEGIN RSA ${'PRIVATE'} KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,AB12\n\n${rnd(64)}`,
    ],
    ['a private key', `-----BEGIN PGP PRIVATE KEY ${'BLOCK'}-----\n\n${rnd(64)}`],
    ['a private key', `{"private_key": "-----BEGIN ${'PRIVATE'} KEY-----\\n${rnd(64)}\\n"}`],
    ['an AWS access key id', `aws_access_key_id = ${'AKIA'}${rnd(16, UPPER)}`],
    ['an AWS access key id', `${'ASIA'}${rnd(16, UPPER)}`],
    [
      'an AWS secret access key',
      `aws_secret_access_key = ${rnd(20)}/${rnd(19, 'abcdefghijk0123456789+')}`,
    ],
    ['a GitHub token', `token: ${'ghp_'}${rnd(36)}`],
    ['a GitHub token', `${'gho_'}${rnd(36)}`],
    ['a GitHub token', `${'ghs_'}${rnd(36)}`],
    ['a GitHub token', `${'github_pat_'}${rnd(22)}_${rnd(59)}`],
    ['a GitLab token', `${'glpat-'}${rnd(20)}`],
    ['a Slack token', `${'xoxb-'}${rnd(12, '0123456789')}-${rnd(24)}`],
    ['a Google API key', `key=${'AIza'}${rnd(35)}`],
    ['a Stripe secret key', `${'sk_live_'}${rnd(24)}`],
    ['an OpenAI API key', `OPENAI_API_KEY=${'sk-'}${rnd(48)}`],
    ['an OpenAI API key', `${'sk-proj-'}${rnd(120, 'abcXYZ0123456789_-')}`],
    ['an Anthropic API key', `${'sk-ant-'}api03-${rnd(90, 'abcXYZ0123456789_-')}`],
    ['an npm token', `//registry.npmjs.org/:_authToken=${'npm_'}${rnd(36)}`],
    ['a Hugging Face token', `${'hf_'}${rnd(34)}`],
  ])('finds %s', (kind, text) => {
    expect(findSecret(`intro line\n${text}\n`)).toEqual({ kind, line: 2 });
  });

  it.each([
    ['the AWS documentation example key', `${'AKIA'}IOSFODNN7EXAMPLE`],
    [
      'placeholders',
      'OPENAI_API_KEY=sk-...\nANTHROPIC_API_KEY=sk-ant-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    ],
    ['a repeated-character dummy', `${'ghp_'}${'x'.repeat(36)}`],
    ['prose', 'Use `sk-` keys from the dashboard; tokens start with ghp_.'],
    ['a public key', `-----BEGIN PUBLIC KEY-----\n${rnd(64)}`],
    ['a quoted header with no key', `private_key = "-----BEGIN RSA ${'PRIVATE'} KEY-----"`],
    ['a token inside a longer word', `my${'AKIA'}${rnd(16, UPPER)}x`],
  ])('ignores %s', (_what, text) => expect(findSecret(text)).toBeUndefined());

  it('never returns the value, only the kind and the line', () => {
    const token = `${'ghp_'}${rnd(36)}`;
    expect(JSON.stringify(findSecret(`a\nb\n${token}`))).not.toContain(token.slice(4));
  });

  it('reports the earliest secret', () => {
    const text = `${'sk-'}${rnd(48)}\n-----BEGIN EC ${'PRIVATE'} KEY-----\n${rnd(64)}`;
    expect(findSecret(text)).toEqual({ kind: 'an OpenAI API key', line: 1 });
  });

  it('grows linearly on prefix floods (8x the input, far less than 64x the CPU time)', () => {
    const cpu = cpuMs;
    for (const unit of ['sk-', 'ghp_', 'AKIA', '-----BEGIN A ', 'xoxb-', 'AIza', 'sk-ant-']) {
      const small = unit.repeat(Math.ceil(32_768 / unit.length));
      const big = unit.repeat(Math.ceil(262_144 / unit.length));
      findSecret(small);
      const ratio =
        cpu(() => findSecret(big)) /
        Math.max(
          cpu(() => findSecret(small)),
          1,
        );
      expect(ratio, unit).toBeLessThan(32);
    }
  });

  it('never throws on any text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (s) => void findSecret(s)));
  });
});
