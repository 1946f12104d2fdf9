import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const run = promisify(execFile);

describe('@redis/client is an optional peer dependency', () => {
  it('no module of src/fleet imports it statically', () => {
    for (const f of readdirSync(import.meta.dirname).filter(
      (n) => n.endsWith('.ts') && !n.endsWith('.test.ts'),
    ))
      expect(readFileSync(join(import.meta.dirname, f), 'utf8')).not.toMatch(
        /from ['"]@redis|import\(['"]@redis|require\(/,
      );
  });

  it('without it, ctxloom and ctxloom/fleet load; a Redis store is E_REDIS_CLIENT_MISSING when used', async () => {
    // a resolve hook that makes @redis/client missing, as in a default install
    const dir = mkdtempSync(join(tmpdir(), 'ctxloom-peer-'));
    const hook = join(dir, 'hook.mjs');
    writeFileSync(
      hook,
      `export async function resolve(specifier, context, next) {
  if (specifier.startsWith('@redis/'))
    throw Object.assign(new Error("Cannot find package '" + specifier + "'"), { code: 'ERR_MODULE_NOT_FOUND' });
  return next(specifier, context);
}\n`,
    );
    const register = `data:text/javascript,import{register}from'node:module';register(${JSON.stringify(pathToFileURL(hook).href)})`;
    const script = `
const root = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'dist', 'index.js')).href)});
const fleet = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'dist', 'fleet', 'index.js')).href)});
const store = new fleet.RedisSessionStore({ url: 'redis://127.0.0.1:1' });
const out = { openContext: typeof root.openContext };
try { await store.load('s1'); } catch (e) { out.code = e.code; }
try { await new fleet.RedisArtifactStore().put('x'); } catch (e) { out.artifactCode = e.code; }
console.log(JSON.stringify(out));`;
    const { stdout } = await run(process.execPath, [
      '--import',
      register,
      '--input-type=module',
      '-e',
      script,
    ]);
    expect(JSON.parse(stdout)).toEqual({
      openContext: 'function',
      code: 'E_REDIS_CLIENT_MISSING',
      artifactCode: 'E_REDIS_CLIENT_MISSING',
    });
  });
});
