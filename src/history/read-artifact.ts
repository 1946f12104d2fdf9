/**
 * @module history/read-artifact
 * The `read_artifact` tool: gives the model the exact bytes of an elided tool result back, one
 * page of lines at a time (a default page size, paging by `start_line`), so reading a 200 KB
 * result back never puts all of it into the context at once. A JSON-Schema definition plus a
 * handler over any {@link ArtifactStore}.
 */

import type { ToolDefinition } from '../tools/index.js';
import { type ArtifactStore, isArtifactRef } from './artifact-store.js';
import { isRecord } from './json.js';
import { lineStarts, sliceLines } from './lines.js';

/** The tool name. */
export const READ_ARTIFACT_TOOL_NAME = 'read_artifact';

/** The definition of `read_artifact`. */
export const readArtifactTool: ToolDefinition = Object.freeze({
  name: READ_ARTIFACT_TOOL_NAME,
  description:
    'Returns the exact text of a tool result that was elided from the conversation, one page of lines at a time. Use the ref shown in the elided result; ask for the next page with start_line.',
  inputSchema: Object.freeze({
    type: 'object',
    properties: Object.freeze({
      ref: Object.freeze({
        type: 'string',
        pattern: '^sha256:[0-9a-f]{64}$',
        description: 'The artifact reference, e.g. sha256:ab12…',
      }),
      start_line: Object.freeze({
        type: 'integer',
        minimum: 1,
        description: 'First line (1-based).',
      }),
      end_line: Object.freeze({
        type: 'integer',
        minimum: 1,
        description: 'Last line, inclusive (at most one page after start_line).',
      }),
    }),
    required: Object.freeze(['ref']),
    additionalProperties: false,
  }),
});

/** What the handler returns. */
export type ReadArtifactResult =
  | {
      readonly ok: true;
      /** The exact bytes (of the line range, terminators included). */
      readonly content: string;
      /** Lines in the whole artifact. */
      readonly totalLines: number;
      /** The range returned (1-based, inclusive), after clamping to one page. */
      readonly startLine: number;
      readonly endLine: number;
      /** The `start_line` of the next page, or undefined at the end of the artifact. */
      readonly nextStartLine: number | undefined;
    }
  | {
      readonly ok: false;
      /** `E_ARTIFACT_INPUT` (bad arguments) or `E_ARTIFACT_NOT_FOUND`. */
      readonly code: 'E_ARTIFACT_INPUT' | 'E_ARTIFACT_NOT_FOUND';
      /** One sentence for the model. */
      readonly message: string;
    };

function isLine(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 1;
}

/** Page limits of {@link createReadArtifactHandler}. */
export interface ReadArtifactOptions {
  /** Most lines one call returns (default 200). */
  readonly pageLines?: number;
  /** Most characters one call returns, unless a single line is longer (default 60,000). */
  readonly pageChars?: number;
}

/**
 * A handler for `read_artifact` calls against `store`. Never throws on bad input. Each call
 * returns at most one page from `start_line` (default 1): `pageLines` lines and `pageChars`
 * characters, whatever range was asked for; `nextStartLine` says where the next page starts.
 */
export function createReadArtifactHandler(
  store: ArtifactStore,
  options: ReadArtifactOptions = {},
): (input: unknown) => Promise<ReadArtifactResult> {
  const pageLines = Math.max(1, Math.floor(options.pageLines ?? 200));
  const pageChars = Math.max(1, Math.floor(options.pageChars ?? 60_000));
  return async (input) => {
    const bad = (message: string): ReadArtifactResult => ({
      ok: false,
      code: 'E_ARTIFACT_INPUT',
      message,
    });
    if (!isRecord(input)) return bad('input must be an object');
    const { ref, start_line: start, end_line: end } = input;
    if (!isArtifactRef(ref)) return bad('ref must look like sha256:<64 hex digits>');
    if (start !== undefined && !isLine(start)) return bad('start_line must be an integer >= 1');
    if (end !== undefined && !isLine(end)) return bad('end_line must be an integer >= 1');
    for (const key of Object.keys(input)) {
      if (key !== 'ref' && key !== 'start_line' && key !== 'end_line')
        return bad(`unknown field ${key}`);
    }
    const content = await store.get(ref);
    if (content === undefined) {
      return {
        ok: false,
        code: 'E_ARTIFACT_NOT_FOUND',
        message: `no artifact ${ref} in the store`,
      };
    }
    const starts = lineStarts(content);
    const a = start ?? 1;
    // an empty artifact read whole is one empty page; any line of it is past the end
    if (starts.length === 0 && start === undefined && end === undefined)
      return {
        ok: true,
        content,
        totalLines: 0,
        startLine: 1,
        endLine: 0,
        nextStartLine: undefined,
      };
    if (a > starts.length)
      return bad(`start_line ${a} is past the end (the artifact has ${starts.length} lines)`);
    let b = Math.min(end ?? starts.length, starts.length, a + pageLines - 1);
    if (a > b)
      return bad(`start_line ${a} is past end_line ${b} (the artifact has ${starts.length} lines)`);
    // one page: fewer lines when they are long (a single longer line is returned whole)
    const endOf = (line: number) => (line < starts.length ? starts[line]! : content.length);
    while (b > a && endOf(b) - starts[a - 1]! > pageChars) b--;
    return {
      ok: true,
      content: sliceLines(content, starts, a, b),
      totalLines: starts.length,
      startLine: a,
      endLine: b,
      nextStartLine: b < starts.length ? b + 1 : undefined,
    };
  };
}
