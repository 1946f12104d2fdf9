import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../test/helpers/memory-io.js';
import { COMMAND_NAMES, commandsToLoad } from './main.js';

describe('commandsToLoad', () => {
  it('loads no command for --version, the named one for a known command, all otherwise', () => {
    expect(commandsToLoad(['--version'])).toEqual([]);
    expect(commandsToLoad(['-v'])).toEqual([]);
    expect(commandsToLoad(['scan', 'x.md', '--json'])).toEqual(['scan']);
    expect(commandsToLoad(['--json', 'build', '.'])).toEqual(['build']);
    expect(commandsToLoad(['--help'])).toEqual(COMMAND_NAMES);
    expect(commandsToLoad([])).toEqual(COMMAND_NAMES);
    expect(commandsToLoad(['biuld'])).toEqual(COMMAND_NAMES);
    expect(commandsToLoad(['help', 'scan'])).toEqual(COMMAND_NAMES);
    expect(commandsToLoad(['--', 'build'])).toEqual(COMMAND_NAMES);
  });

  it('still lists every command in --help and suggests the closest for a typo', async () => {
    const help = await runInProcess(['--help']);
    for (const name of COMMAND_NAMES) expect(help.stdout).toContain(name);
    const typo = await runInProcess(['biuld']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/did you mean build/i);
  });
});

describe('errors under scan --jsonl', () => {
  const lines = (stdout: string) =>
    stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { error?: { code: string; message: string } });

  it('prints a command-line parse error as one JSON line', async () => {
    const r = await runInProcess(['scan', '--jsonl', '--no-such-option'], { stdin: '' });
    expect(r.code).toBe(2);
    const out = lines(r.stdout);
    expect(out).toHaveLength(1);
    expect(out[0]?.error?.code).toBe('E_USAGE');
    expect(out[0]?.error?.message).toContain('--no-such-option');
  });

  it('prints an input error once, as one JSON line', async () => {
    const r = await runInProcess(['scan', '--jsonl'], { stdin: 'not json\n' });
    expect(r.code).toBe(2);
    const out = lines(r.stdout);
    expect(out).toHaveLength(1);
    expect(out[0]?.error?.code).toBe('E_USAGE');
    expect(out[0]?.error?.message).toContain('--jsonl line 1');
  });
});
