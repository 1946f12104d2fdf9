/**
 * @module history/read-artifact
 * The `read_artifact` tool: gives the model the exact bytes of an elided tool result back,
 * whole or by line range. A JSON-Schema definition plus a handler over any {@link ArtifactStore}.
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
    'Returns the exact text of a tool result that was elided from the conversation, whole or by line range. Use the ref shown in the elided result.',
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
        description: 'Last line, inclusive.',
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
      /** The range returned (1-based, inclusive), after clamping. */
      readonly startLine: number;
      readonly endLine: number;
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

/** A handler for `read_artifact` calls against `store`. Never throws on bad input. */
export function createReadArtifactHandler(
  store: ArtifactStore,
): (input: unknown) => Promise<ReadArtifactResult> {
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
    if (start === undefined && end === undefined) {
      return { ok: true, content, totalLines: starts.length, startLine: 1, endLine: starts.length };
    }
    const a = start ?? 1;
    const b = Math.min(end ?? starts.length, starts.length);
    if (a > b)
      return bad(`start_line ${a} is past end_line ${b} (the artifact has ${starts.length} lines)`);
    return {
      ok: true,
      content: sliceLines(content, starts, a, b),
      totalLines: starts.length,
      startLine: a,
      endLine: b,
    };
  };
}
