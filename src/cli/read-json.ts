/**
 * @module cli/read-json
 * Reading JSON and JSONL inputs with one-line, located errors.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type CliIO, UsageError } from './command.js';

/** Reads a file relative to the CLI's cwd, or throws a UsageError naming it. */
export function readText(io: CliIO, file: string): string {
  const path = resolve(io.cwd, file);
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
}

/** Parses JSON, naming the file on failure. */
export function parseJson(text: string, file: string, line?: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `${file}${line === undefined ? '' : `:${line}`}: invalid JSON (${(error as Error).message})`,
    );
  }
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
