#!/usr/bin/env node
// Build step (after tsc and the table steps): bundles the CLI (dist/cli/main.js and everything it
// imports, dependencies included) into dist/cli/bundle/ with esbuild, one chunk per lazily
// imported command, so a `ctxloom` call loads a handful of files instead of resolving, reading
// and linking about 100 modules one by one (module resolution and loading were about a third of
// a one-shot `ctxloom scan`). bin/ctxloom.js runs the bundle; the library entries (dist/*.js)
// are not bundled. Generated on every build, never committed.
//
// Modules that find their data files next to themselves (`new URL('./x.bin', import.meta.url)`)
// get, in the bundle, the URL of the file they were built from, computed from the chunk's own
// URL, so the data files stay where the build wrote them (dist/safety/, dist/tokens/) and the
// bundle moves with the package.
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const outdir = join(dist, 'cli', 'bundle');
rmSync(outdir, { recursive: true, force: true });

/**
 * Our dist modules as the bundle takes them: `import.meta.url` rewritten to the URL of the module
 * itself, and every non-ASCII character written as a `\u` escape. esbuild escapes non-ASCII
 * characters in strings but not in regular-expression literals (evanw/esbuild#4205), and one such
 * character makes Node decode a whole chunk on its slow UTF-8 path and V8 hold it as two-byte
 * source (the scanner's rules have CJK, Thai, Cyrillic ... in their patterns). An escape means the
 * same in a string, a regex literal and a comment; a backslash right before a non-ASCII character
 * (an identity escape, which the escape would change) stops the build.
 */
const distSources = {
  name: 'dist-sources',
  setup(build) {
    build.onLoad({ filter: /\.js$/ }, (args) => {
      if (!args.path.startsWith(dist + sep)) return undefined;
      let source = readFileSync(args.path, 'utf8');
      const urlRewrite = source.includes('import.meta.url');
      const nonAscii = /[^\x00-\x7f]/.test(source);
      if (!urlRewrite && !nonAscii) return undefined;
      if (urlRewrite) {
        const fromChunk = relative(outdir, args.path).split(sep).join('/');
        source = source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromChunk)}, import.meta.url).href`,
        );
      }
      if (nonAscii) {
        const escaped = /\\[^\x00-\x7f]/.exec(source);
        if (escaped !== null)
          throw new Error(`${args.path}: a backslash before "${escaped[0]}" (write \\u escapes)`);
        source = source.replace(
          /[^\x00-\x7f]/g,
          (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
        );
      }
      return { contents: source, loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};

const result = await esbuild.build({
  entryPoints: { main: join(dist, 'cli', 'main.js') },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // the dependencies' CommonJS calls `require` for Node's own modules
  banner: {
    js: "import { createRequire as __ctxloomRequire } from 'node:module'; const require = __ctxloomRequire(import.meta.url);",
  },
  legalComments: 'eof',
  // whitespace and syntax only: names stay, so a stack trace still names its functions (the
  // source map, beside each chunk, gives the lines with `node --enable-source-maps`); each
  // kilobyte of module source costs a process about 5 KB of fresh memory to read and compile
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  logLevel: 'warning',
  metafile: true,
  plugins: [distSources],
});
if (result.errors.length > 0) process.exit(1);
const chunks = Object.keys(result.metafile.outputs).length;
console.log(`bundle-cli: ${chunks} files in ${relative(root, outdir)}`);
