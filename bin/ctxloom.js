#!/usr/bin/env node
// Runs the bundled CLI (`npm run build` writes it: scripts/bundle-cli.mjs); a build made with
// `tsc` alone has no bundle, and then the CLI runs from the separate modules of dist/cli/.
let cli;
try {
  cli = await import('../dist/cli/bundle/main.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('bundle'))
    throw error;
  cli = await import('../dist/cli/main.js');
}

cli.main(process.argv.slice(2)).then(
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
