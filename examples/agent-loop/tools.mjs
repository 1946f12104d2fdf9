// @ts-check
/**
 * The coding agent's own tools: read a file, edit a file, run a command. Paths are resolved
 * inside the project folder; a path that leaves it is refused. Each result names the files it
 * touched, so the context engine can inject their path rules.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';

/** @type {import('ctxloom').ToolDefinition[]} */
export const tools = [
  {
    name: 'read_file',
    description: 'Returns the text of a file in the project.',
    inputSchema: {
      type: 'object',
      properties: { path: { type: 'string', description: 'Path relative to the project.' } },
      required: ['path'],
      additionalProperties: false,
    },
  },
  {
    name: 'edit_file',
    description: 'Replaces the one occurrence of old_text in a file with new_text.',
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string' },
        old_text: { type: 'string' },
        new_text: { type: 'string' },
      },
      required: ['path', 'old_text', 'new_text'],
      additionalProperties: false,
    },
  },
  {
    name: 'run_command',
    description: 'Runs a shell command in the project folder and returns its output.',
    inputSchema: {
      type: 'object',
      properties: { command: { type: 'string' } },
      required: ['command'],
      additionalProperties: false,
    },
  },
];

/**
 * @param {string} cwd
 * @param {unknown} path
 */
function inside(cwd, path) {
  if (typeof path !== 'string' || path === '') throw new Error('path must be a non-empty string');
  const abs = resolve(cwd, path);
  const rel = relative(cwd, abs);
  if (rel.startsWith('..') || isAbsolute(rel)) throw new Error(`${path} is outside the project`);
  return abs;
}

/**
 * @param {string} command
 * @param {string} cwd
 * @returns {Promise<{ output: string, isError: boolean }>}
 */
function run(command, cwd) {
  return new Promise((done) => {
    execFile(
      'sh',
      ['-c', command],
      { cwd, timeout: 120_000, maxBuffer: 8 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const output = `${stdout}${stderr}`;
        done({ output: error ? `${output}\n[exit ${error.code ?? error.signal}]` : output, isError: !!error });
      },
    );
  });
}

/**
 * Runs one tool call.
 * @param {string} cwd
 * @param {import('ctxloom').ToolCall} call
 * @returns {Promise<{ output: string, isError: boolean, touched?: string[] }>}
 */
export async function runTool(cwd, call) {
  const input = /** @type {Record<string, unknown>} */ (call.input ?? {});
  try {
    if (call.name === 'read_file') {
      const path = inside(cwd, input.path);
      return { output: await readFile(path, 'utf8'), isError: false, touched: [path] };
    }
    if (call.name === 'edit_file') {
      const path = inside(cwd, input.path);
      const text = await readFile(path, 'utf8');
      const from = String(input.old_text);
      const at = text.indexOf(from);
      if (at < 0 || text.indexOf(from, at + 1) >= 0)
        return { output: 'old_text must occur exactly once in the file', isError: true, touched: [path] };
      await writeFile(path, text.slice(0, at) + String(input.new_text) + text.slice(at + from.length));
      return { output: `edited ${input.path}`, isError: false, touched: [path] };
    }
    if (call.name === 'run_command') return await run(String(input.command), cwd);
    return { output: `unknown tool ${call.name}`, isError: true };
  } catch (error) {
    return { output: String(/** @type {Error} */ (error).message), isError: true };
  }
}
