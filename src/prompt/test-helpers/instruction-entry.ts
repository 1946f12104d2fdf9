import type { InstructionSourceEntry } from '../types.js';

/** A loaded, untrusted project AGENTS.md entry with `content`, for tests. */
export function agentsMdEntry(content: string): InstructionSourceEntry {
  return {
    path: 'AGENTS.md',
    kind: 'agents-md',
    scope: 'project',
    trust: 'untrusted',
    status: 'loaded',
    content,
  };
}
