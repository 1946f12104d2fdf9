// Types of the parts of bench/_util.mjs that TypeScript tests import (the benches are plain JS).
import type { History } from '../src/history/message.js';

/**
 * A synthetic history of `steps` assistant + tool steps where every step adds new facts (an
 * edited path, a task id, an error line, a hash).
 */
export function growthHistory(steps: number): History;

/** The compaction scenarios: [occupancy of the window, target share of it]. */
export const COMPACTION_SCENARIOS: readonly (readonly [number, number])[];
