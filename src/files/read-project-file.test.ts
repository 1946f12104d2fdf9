import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRegularFile } from './open-regular.js';
import { readProjectFile } from './read-project-file.js';

const tmp = () => realpathSync(mkdtempSync(join(tmpdir(), 'ctxloom-files-')));
const mkfifo = (p: string) => execFileSync('mkfifo', [p]);
const isRoot = process.getuid?.() === 0;

function project() {
  const root = tmp();
  const outside = tmp();
  writeFileSync(join(root, 'ok.md'), 'hello\r\nworld\n');
  writeFileSync(join(outside, 'notes.md'), 'outside text');
  return { root, outside, opts: { roots: [root], maxBytes: 1024 } };
}

describe('readProjectFile', () => {
  it('reads a regular file inside the roots, normalised', () => {
    const { root, opts } = project();
    const r = readProjectFile(join(root, 'ok.md'), opts);
    expect(r).toMatchObject({ ok: true, text: 'hello\nworld\n', bytes: 13, capped: false });
  });

  it('a missing file is missing: true', () => {
    const { root, opts } = project();
    expect(readProjectFile(join(root, 'nope.md'), opts)).toMatchObject({
      ok: false,
      missing: true,
    });
  });

  it.each([
    ['a symlink out of the roots', 'E_SYMLINK_OUTSIDE_ROOT'],
    ['a symlink to /proc/self/environ', 'E_SYMLINK_OUTSIDE_ROOT'],
    ['a dangling symlink', 'E_DANGLING_SYMLINK'],
    ['a symlink loop', 'E_SYMLINK_LOOP'],
    ['a directory', 'E_NOT_A_FILE'],
    ['a FIFO', 'E_NOT_A_FILE'],
    ['/dev/zero', 'E_NOT_A_FILE'],
    ['a file over the cap', 'E_FILE_TOO_LARGE'],
    ['a sparse 1 GB file', 'E_FILE_TOO_LARGE'],
    ['NUL bytes', 'E_BINARY_FILE'],
    ['UTF-16', 'E_BINARY_FILE'],
    ['a secrets file name', 'E_SECRET_FILE'],
    ['a link to a secrets file', 'E_SECRET_FILE'],
    ['a hard link to a private key', 'E_SECRET_CONTENT'],
  ])('refuses %s with %s, never hanging', (what, code) => {
    const { root, outside, opts } = project();
    const roots = [...opts.roots];
    const p = join(root, 'target.md');
    const key = `-----BEGIN OPENSSH ${'PRIVATE'} KEY-----\n${'b3BlbnNzaC1rZXktdjEAAAAA'.repeat(3)}\n`;
    switch (what) {
      case 'a symlink out of the roots':
        symlinkSync(join(outside, 'notes.md'), p);
        break;
      case 'a symlink to /proc/self/environ':
        symlinkSync('/proc/self/environ', p);
        break;
      case 'a dangling symlink':
        symlinkSync('nowhere.md', p);
        break;
      case 'a symlink loop':
        symlinkSync('target.md', p);
        break;
      case 'a directory':
        mkdirSync(p);
        break;
      case 'a FIFO':
        mkfifo(p);
        break;
      case '/dev/zero':
        // even with /dev allowed as a root, a device is never read
        symlinkSync('/dev/zero', p);
        roots.push('/dev');
        break;
      case 'a file over the cap':
        writeFileSync(p, 'x'.repeat(2000));
        break;
      case 'a sparse 1 GB file': {
        const fd = openSync(p, 'w');
        closeSync(fd);
        execFileSync('truncate', ['-s', '1G', p]);
        break;
      }
      case 'NUL bytes':
        writeFileSync(p, 'a\nb\0c');
        break;
      case 'UTF-16':
        writeFileSync(p, Buffer.from('\ufeffhello', 'utf16le'));
        break;
      case 'a secrets file name':
        writeFileSync(join(root, '.dev.vars'), 'X=1');
        symlinkSync('.dev.vars', p);
        break;
      case 'a link to a secrets file':
        writeFileSync(join(root, 'prod.env'), 'X=1');
        symlinkSync('prod.env', join(root, 'innocent.md'));
        symlinkSync('innocent.md', p);
        break;
      case 'a hard link to a private key':
        writeFileSync(join(outside, 'id_ed25519'), key);
        linkSync(join(outside, 'id_ed25519'), p);
        break;
    }
    const r = readProjectFile(p, { ...opts, roots });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.missing).toBe(false);
    expect(r.diagnostic).toMatchObject({ code, severity: 'error', file: p });
    expect(r.diagnostic.message).not.toContain('b3BlbnNzaC1rZXktdjEA');
  });

  it('names the kind and line of a secret, never the value', () => {
    const { root, opts } = project();
    const id = `${'AKIA'}Q7RZ3MPL4KWX2BNT`;
    writeFileSync(join(root, 'MEMORY.md'), `# notes\n\naws key ${id}\n`);
    const r = readProjectFile(join(root, 'MEMORY.md'), { ...opts, kind: 'memory file' });
    expect(r).toMatchObject({ ok: false, diagnostic: { code: 'E_SECRET_CONTENT', line: 3 } });
    expect(JSON.stringify(r)).not.toContain(id);
    expect(JSON.stringify(r)).toContain('AWS access key id');
  });

  it('an allowed user-global root is a root like the project', () => {
    const { root, outside } = project();
    const r = readProjectFile(join(outside, 'notes.md'), { roots: [root, outside], maxBytes: 100 });
    expect(r).toMatchObject({ ok: true, text: 'outside text' });
  });

  it("overCap: 'head' reads the head and warns", () => {
    const { root } = project();
    writeFileSync(join(root, 'big.md'), 'é'.repeat(100));
    const r = readProjectFile(join(root, 'big.md'), {
      roots: [root],
      maxBytes: 11,
      overCap: 'head',
    });
    expect(r).toMatchObject({ ok: true, capped: true, text: 'ééééé' });
    if (r.ok) expect(r.diagnostics.map((d) => d.code)).toEqual(['W_READ_CAP']);
  });

  it.skipIf(isRoot)('an unreadable file is E_UNREADABLE', () => {
    const { root, opts } = project();
    chmodSync(join(root, 'ok.md'), 0);
    expect(readProjectFile(join(root, 'ok.md'), opts)).toMatchObject({
      ok: false,
      diagnostic: { code: 'E_UNREADABLE' },
    });
  });
});

describe('readRegularFile', () => {
  it('stops at the cap on a file that reports size 0 and grows (procfs)', () => {
    const r = readRegularFile('/proc/self/status', { maxBytes: 16 });
    expect(r).toMatchObject({ ok: false, reason: 'too-large' });
    const h = readRegularFile('/proc/self/status', { maxBytes: 16, overCap: 'head' });
    expect(h.ok && h.bytes.length).toBe(16);
  });

  it('gives the identity of the file read', () => {
    const { root } = project();
    const r = readRegularFile(join(root, 'ok.md'), { maxBytes: 100 });
    expect(r.ok && typeof r.ino === 'number' && r.ino > 0).toBe(true);
  });
});
