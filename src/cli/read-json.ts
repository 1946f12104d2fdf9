/**
 * @module cli/read-json
 * Reading JSON and JSONL inputs with one-line, located errors. Only regular files are read (a
 * FIFO or a device would block or never end), and nesting deeper than {@link MAX_JSON_DEPTH} is
 * refused before any recursive processing can overflow the stack.
 */
import { resolve } from 'node:path';
import { readRegularFile } from '../files/index.js';
import { type CliIO, UsageError } from './command.js';

/** Deepest nesting of arrays and objects accepted in a JSON input. */
export const MAX_JSON_DEPTH = 1000;

/** Largest input file the CLI reads (transcripts, tool lists, request bodies, traces, plans). */
export const MAX_INPUT_BYTES = 256 * 1024 * 1024;

/**
 * Reads a file relative to the CLI's cwd through the files module's non-blocking open (a FIFO,
 * device, socket or folder is refused, never waited on; at most {@link MAX_INPUT_BYTES}), or throws
 * a UsageError naming it.
 */
export function readText(io: CliIO, file: string, maxBytes = MAX_INPUT_BYTES): string {
  const r = readRegularFile(resolve(io.cwd, file), { maxBytes });
  if (r.ok) return new TextDecoder().decode(r.bytes);
  const why =
    r.reason === 'missing'
      ? 'no such file'
      : r.reason === 'not-a-file'
        ? r.what === 'a directory'
          ? 'it is a directory'
          : `not a regular file (${r.what ?? 'a FIFO, socket or device'})`
        : r.reason === 'too-large'
          ? `${r.size ?? 'more than the cap'} bytes is over the ${maxBytes}-byte limit`
          : (r.errno ?? 'unreadable');
  throw new UsageError(`cannot read ${file}: ${why}`, undefined, { file });
}

/**
 * The 1-based line where `text` (valid JSON) first nests deeper than `max`, or undefined. One
 * pass over the characters, strings skipped; no recursion.
 */
export function jsonTooDeepAt(text: string, max = MAX_JSON_DEPTH): number | undefined {
  let depth = 0;
  let line = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return line;
    } else if (c === 93 || c === 125) depth--;
  }
  return undefined;
}

/** Parses JSON, naming the file (and line, for JSONL) on failure or on too deep a nesting. */
export function parseJson(text: string, file: string, line?: number): unknown {
  const at = line === undefined ? '' : `:${line}`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file}${at}: invalid JSON (${(error as Error).message})`, error, {
      file,
      ...(line === undefined ? {} : { line }),
    });
  }
  const deep = jsonTooDeepAt(text);
  if (deep !== undefined) {
    const where = line ?? deep;
    throw new UsageError(
      `${file}:${where}: JSON nested deeper than ${MAX_JSON_DEPTH} levels; refused`,
      undefined,
      { file, line: where },
    );
  }
  return value;
}

/** Reads a JSON file. */
export function readJson(io: CliIO, file: string): unknown {
  return parseJson(readText(io, file), file);
}

/** Reads a JSONL file: one value per non-blank line. */
export function readJsonl(io: CliIO, file: string): unknown[] {
  return readText(io, file)
    .split('\n')
    .flatMap((line, i) => (line.trim() === '' ? [] : [parseJson(line, file, i + 1)]));
}
