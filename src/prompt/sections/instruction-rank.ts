/**
 * @module prompt/sections/instruction-rank
 * The sentence that tells the model how the instruction files rank. The rule is the loader's
 * (sources/config: closest folder last and strongest; inside one folder, the file-name order,
 * `AGENTS.md` before `CLAUDE.md` before `.cursorrules`), and the example is read from the entries
 * in the order the loader produced them, never from a hand-written list of names.
 */
import { oneLine } from '../tag.js';
import type { InstructionSourceEntry } from '../types.js';

/** The rank rule, without the example. */
export const INSTRUCTION_RANK_RULE =
  'Where these files disagree, a file from a folder closer to the working directory ranks above one from a broader folder, and inside one folder the file shown first ranks above those after it';

/** The folder an entry belongs to: the root for project-scope files, else its own folder. */
function folderOf(e: InstructionSourceEntry): string {
  if (e.scope === 'project') return '';
  const slash = e.path.lastIndexOf('/');
  return slash < 0 ? '' : e.path.slice(0, slash);
}

/**
 * The paths of the first folder that shows two or more files, in the loader's order (global
 * files and rules are not folder files). Empty when no folder has two.
 */
export function sameFolderOrder(entries: readonly InstructionSourceEntry[]): string[] {
  const groups = new Map<string, string[]>();
  for (const e of entries) {
    if (e.status === 'skipped' || (e.scope !== 'project' && e.scope !== 'directory')) continue;
    const key = `${e.scope === 'project' ? 'p' : 'd'}:${folderOf(e)}`;
    const list = groups.get(key) ?? [];
    list.push(e.path);
    groups.set(key, list);
  }
  for (const list of groups.values()) if (list.length >= 2) return list;
  return [];
}

/** The rank sentence: the rule, plus the files of one folder in their order when there are two. */
export function instructionRankSentence(entries: readonly InstructionSourceEntry[]): string {
  const order = sameFolderOrder(entries);
  if (order.length < 2) return `${INSTRUCTION_RANK_RULE}.`;
  return `${INSTRUCTION_RANK_RULE} (here: ${order.map(oneLine).join(' above ')}).`;
}
