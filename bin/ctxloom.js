#!/usr/bin/env node
// Runs the bundled CLI (`npm run build` writes it: scripts/bundle-cli.mjs); a build made with
// `tsc` alone has no bundle, and then the CLI runs from the separate modules of dist/cli/.

// A one-shot call is over before most of its code is hot, and V8's default tier-up budget has
// TurboFan optimise (on a helper thread) functions a short run barely uses. Eight times the
// budget, in all-threads CPU (median of alternated runs): a scan of one 10 KB file 0.88x, `build`
// of the demo 0.95x, a scan of a directory of 1,178 skill files 0.85x, one 3.7 MB file 1.01x
// (docs/performance.md). Only the CLI sets it: the library leaves a long-lived process alone.
// Not for a lone `--version`, answered below without loading the CLI.
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  // A lone version flag prints what commander would (the package's version and a line feed)
  // without loading the CLI: 0.10-0.12 against 0.13-0.14 s CPU, bare Node 0.09-0.10 (median of 11,
  // three alternated rounds; bench/cli-start.bench.mjs measures it).
  // test/cli-build.test.ts checks it byte for byte against the CLI's own answer.
  const { readFileSync } = await import('node:fs');
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`${pkg.version}\n`);
} else {
  (await import('node:v8')).setFlagsFromString('--interrupt-budget=540672');
  await run();
}

/** Runs the CLI on the arguments. */
async function run() {
  let cli;
  try {
    cli = await import('../dist/cli/bundle/main.js');
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('bundle'))
      throw error;
    cli = await import('../dist/cli/main.js');
  }

  cli.main(args).then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      process.stderr.write(
        `ctxloom: internal error: ${error instanceof Error ? error.stack : String(error)}\n`,
      );
      process.exitCode = 70;
    },
  );
}
