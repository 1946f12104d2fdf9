import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIO } from '../../../test/helpers/memory-io.js';
import { runCli } from '../../cli/main.js';
import { createPromptContext } from '../context.js';
import { createPresetRegistry } from '../presets.js';
import { checkStaticStability } from '../stability.js';
import { identitySection } from './identity.js';
import { LOCALISED_LOCALES, LOCALISED_TEXTS, localeKey } from './localised-text.js';

const DEMO = resolve('examples/demo-repo');

/** `ctxloom build --json` through the CLI with the given environment; returns the static tier. */
async function staticTier(args: readonly string[], env: Record<string, string> = {}) {
  const m = memoryIO();
  const code = await runCli(['build', DEMO, '--now', '2026-01-01T00:00:00Z', '--json', ...args], {
    ...m.io,
    env,
  });
  expect(code).toBe(0);
  return JSON.parse(m.stdout()).static as string;
}

const EN = "You are an AI coding agent working in the user's software project.";
const ZH = '你是一个 AI 编程助手，在用户的软件项目中工作。';

describe('localised identity', () => {
  it('renders the identity in the session locale through the CLI (en-US, zh-CN, LANG)', async () => {
    const en = await staticTier(['--locale', 'en-US']);
    const zh = await staticTier(['--locale', 'zh-CN']);
    const lang = await staticTier([], { LANG: 'zh_CN.UTF-8' });
    expect(en.startsWith(EN)).toBe(true);
    expect(zh.startsWith(`${ZH}你阅读和修改代码`)).toBe(true);
    expect(lang).toBe(zh);
    // the rest of the static tier is the same guidance: only the identity changed
    expect(zh.slice(zh.indexOf('\n\n'))).toBe(en.slice(en.indexOf('\n\n')));
  });

  it('--locale wins over LANG, and the bytes are the same on every run', async () => {
    const a = await staticTier(['--locale', 'en-US'], { LANG: 'zh_CN.UTF-8' });
    const b = await staticTier(['--locale', 'en-US'], { LANG: 'zh_CN.UTF-8' });
    expect(a.startsWith(EN)).toBe(true);
    expect(a).toBe(b);
  });

  it('SOUL.md still wins in any locale; the precedence sentence follows in the locale', async () => {
    const home = mkdtempSync(join(tmpdir(), 'ctxloom-soul-'));
    const m = memoryIO({ home });
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(home, '.config', 'ctxloom'), { recursive: true });
    writeFileSync(
      join(home, '.config', 'ctxloom', 'SOUL.md'),
      'You are Ada, a careful engineer.\n',
    );
    const code = await runCli(
      ['build', DEMO, '--now', '2026-01-01T00:00:00Z', '--json', '--locale', 'zh-CN'],
      m.io,
    );
    expect(code).toBe(0);
    const text = JSON.parse(m.stdout()).static as string;
    expect(
      text.startsWith(
        `You are Ada, a careful engineer.\n\n${LOCALISED_TEXTS['zh-CN']?.precedence}`,
      ),
    ).toBe(true);
    expect(text).not.toContain(ZH);
  });

  it('every table locale renders its own text with and without an agent name', () => {
    const seen = new Set<string>();
    for (const locale of LOCALISED_LOCALES) {
      const plain = identitySection.render(createPromptContext({ locale }));
      const named = identitySection.render(createPromptContext({ locale, agentName: 'Loom' }));
      expect(plain).toBeTruthy();
      expect(named).toContain('Loom');
      seen.add(plain ?? '');
    }
    expect(seen.size).toBe(LOCALISED_LOCALES.length);
    expect(LOCALISED_LOCALES).toEqual([
      'de',
      'en',
      'es',
      'fr',
      'ja',
      'ko',
      'pt-BR',
      'ru',
      'zh-CN',
      'zh-TW',
    ]);
  });

  it('normalises POSIX and BCP 47 forms; an unknown locale falls back to English', () => {
    expect(localeKey('zh_CN.UTF-8')).toBe('zh-CN');
    expect(localeKey('zh-Hans-CN')).toBe('zh-CN');
    expect(localeKey('zh_TW')).toBe('zh-TW');
    expect(localeKey('zh-Hant')).toBe('zh-TW');
    expect(localeKey('pt_BR')).toBe('pt-BR');
    expect(localeKey('pt-PT')).toBeUndefined();
    expect(localeKey('fr-CA')).toBe('fr');
    expect(localeKey('xx-YY')).toBeUndefined();
    const text = identitySection.render(createPromptContext({ locale: 'xx-YY' }));
    expect(text?.startsWith(EN)).toBe(true);
  });

  it('the locale is a static input: the stability check still passes for every locale', () => {
    const registry = createPresetRegistry();
    for (const locale of ['en-US', 'zh-CN', 'ja-JP']) {
      expect(checkStaticStability(registry, createPromptContext({ locale })).stable).toBe(true);
    }
  });
});
