/**
 * @module inspect/load-inspection
 * The edge of the inspect module: reads a project (`loadProject`), builds its prompt with the
 * preset registry, reads a stored session (`FileSessionStore` under `<root>/.ctxloom/sessions`)
 * and a tool file (through the tool registry, scanned), then hands everything to the pure
 * `inspectContext`. The clock, the home folder and the environment enter here, as options.
 */
import { join, resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics/index.js';
import { loadProject } from '../project/index.js';
import { createPresetRegistry, type PresetName, type PromptMode } from '../prompt/index.js';
import { FileSessionStore, type Session } from '../session/index.js';
import { createToolRegistry, readToolFile, type ToolRegistry } from '../tools/index.js';
import { inspectContext } from './inspect-context.js';
import type { Inspection } from './types.js';

/** Options of {@link loadInspection}. Only `cwd` is required. */
export interface LoadInspectionOptions {
  readonly cwd: string;
  readonly home?: string | undefined;
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
  readonly now?: Date | undefined;
  readonly model?: string | undefined;
  readonly provider?: string | undefined;
  readonly window?: number | undefined;
  /** A stored session id (in `<root>/.ctxloom/sessions`). */
  readonly sessionId?: string | undefined;
  /** A JSON tool file (an array of definitions or an MCP `tools/list` result), relative to `cwd`. */
  readonly toolsFile?: string | undefined;
  readonly preset?: PresetName | undefined;
  readonly mode?: PromptMode | undefined;
}

/** The inspection, with the tool registry's diagnostics (a blocked or malformed tool). */
export interface LoadedInspection {
  readonly inspection: Inspection;
  readonly toolDiagnostics: readonly Diagnostic[];
}

function toolsFor(file: string | undefined, cwd: string, root: string): ToolRegistry | undefined {
  if (file === undefined) return undefined;
  const read = readToolFile(resolve(cwd, file), { roots: [cwd, root], display: file });
  return createToolRegistry([read]);
}

/** Loads the project (and session, and tools) at `options.cwd` and inspects it. */
export async function loadInspection(options: LoadInspectionOptions): Promise<LoadedInspection> {
  const project = await loadProject({
    cwd: options.cwd,
    home: options.home,
    env: options.env,
    now: options.now,
    model: options.model,
  });
  const prompt = createPresetRegistry({ preset: options.preset, mode: options.mode }).build(
    project.context,
  );
  let session: Session | undefined;
  if (options.sessionId !== undefined) {
    const store = new FileSessionStore(join(project.root, '.ctxloom', 'sessions'), {
      root: project.root,
    });
    session = await store.load(options.sessionId);
  }
  const registry = toolsFor(options.toolsFile, project.dir, project.root);
  const inspection = inspectContext({
    project,
    prompt,
    provider: options.provider,
    model: options.model,
    window: options.window,
    tools: registry?.definitions,
    session,
  });
  return { inspection, toolDiagnostics: registry?.diagnostics ?? [] };
}
