import { describe, expect, it } from 'vitest';
import { isSecretFileName } from './secret-files.js';

describe('isSecretFileName', () => {
  it.each([
    ['.env', true],
    ['config/.env.local', true],
    ['.env.production', true],
    ['.env.example', false],
    ['.env.sample', false],
    ['.envrc', true],
    ['home/.ssh/id_rsa', true],
    ['id_ed25519', true],
    ['id_ed25519.pub', false],
    ['certs/server.pem', true],
    ['tls.KEY', true],
    ['.npmrc', true],
    ['.netrc', true],
    ['aws/credentials', true],
    ['AGENTS.md', false],
    ['docs/keys.md', false],
    ['package.json', false],
    ['src\\env\\.env', true],
  ])('%s -> %s', (path, expected) => expect(isSecretFileName(path)).toBe(expected));
});
