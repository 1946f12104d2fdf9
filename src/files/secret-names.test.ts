import { describe, expect, it } from 'vitest';
import { isSecretFileName } from './secret-names.js';

describe('isSecretFileName', () => {
  it.each([
    // .env family
    ['.env', true],
    ['config/.env.local', true],
    ['.env.production', true],
    ['.env-local', true],
    ['.env_staging', true],
    ['prod.env', true],
    ['deploy/Staging.ENV', true],
    ['.env.example', false],
    ['.env.local.example', false],
    ['.env.sample', false],
    ['example.env', false],
    ['template.env', false],
    ['environment.md', false],
    ['.envoy.yaml', false],
    // tools
    ['.dev.vars', true],
    ['.pgpass', true],
    ['infra/terraform.tfvars', true],
    ['prod.auto.tfvars.json', true],
    ['terraform.tfstate', true],
    ['api/local.settings.json', true],
    ['.envrc', true],
    ['.npmrc', true],
    ['.netrc', true],
    ['aws/credentials', true],
    // keys
    ['home/.ssh/id_rsa', true],
    ['id_ed25519', true],
    ['id_ed25519.pub', false],
    ['certs/server.pem', true],
    ['tls.KEY', true],
    // folders and paths
    ['/home/u/.ssh/config', true],
    ['/home/u/.aws/config', true],
    ['/home/u/.kube/config', true],
    ['/home/u/.config/gh/hosts.yml', true],
    ['/home/u/.docker/config.json', true],
    ['src\\env\\.env', true],
    // ordinary files
    ['AGENTS.md', false],
    ['docs/keys.md', false],
    ['package.json', false],
    ['config.json', false],
    ['.config/ctxloom/memory/MEMORY.md', false],
  ])('%s -> %s', (path, expected) => expect(isSecretFileName(path)).toBe(expected));
});
