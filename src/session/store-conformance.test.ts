import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeSessionStore } from '../../test/helpers/store-conformance.js';
import { FileSessionStore } from './store.js';

describeSessionStore('FileSessionStore', async () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'ctxloom-conformance-')), 'sessions');
  mkdirSync(dir);
  const path = (id: string) => join(dir, `${id}.json`);
  return {
    store: new FileSessionStore(dir),
    writeRaw: async (id, text) => writeFileSync(path(id), text),
    readRaw: async (id) => {
      try {
        return readFileSync(path(id), 'utf8');
      } catch {
        return undefined;
      }
    },
  };
});
