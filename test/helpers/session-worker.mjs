// Child process for the crash-safety and concurrency tests of src/session (uses the built dist/).
// Usage: node session-worker.mjs <mode> <dir> <arg>
//   confirm-loop <projectDir> <n>: writes a draft and confirms it n times (plan text "plan <i>\n" x 2000)
//   save-loop <sessionsDir> <n>: updates session "s1" n times, appending "w<pid>-<i>" to `activated`
//   increment <sessionsDir> <n>: n read-modify-write updates adding one unique id each
import {
  confirmPlan,
  FileSessionStore,
  markActivated,
  planPaths,
  writeDraft,
} from '../../dist/session/index.js';

const [mode, dir, arg] = process.argv.slice(2);
const n = Number(arg);
// A safety net: never outlive a test that forgot to kill us.
const deadline = Date.now() + 30_000;
if (mode === 'confirm-loop') {
  const paths = planPaths(dir);
  for (let i = 0; i < n && Date.now() < deadline; i++) {
    writeDraft(paths, `plan ${i}\n`.repeat(2000));
    confirmPlan(paths);
    if (i === 0) process.stdout.write('started\n');
  }
} else if (mode === 'save-loop' || mode === 'increment') {
  const store = new FileSessionStore(dir, { timeoutMs: 60_000 });
  for (let i = 0; i < n && Date.now() < deadline; i++) {
    await store.update('s1', (s) =>
      markActivated(s, [{ key: `w${process.pid}-${String(i).padStart(5, '0')}`, via: 'path' }]),
    );
    if (i === 0) process.stdout.write('started\n');
  }
}
process.stdout.write('done\n');
