/**
 * @module sources/classify-rule
 * How a rule file applies, from its frontmatter (Cursor's four modes, used for every rules
 * folder): `alwaysApply: true` -> always; globs -> glob; a description only -> agent-requested;
 * none -> manual (or always, for folders whose unscoped files always apply). Pure.
 */

import { compileGlobList } from '../glob/index.js';
import type { RulesFolderSpec } from './defaults.js';
import { parseGlobValue } from './globs.js';
import { globsMatch } from './match-path-rules.js';
import type { RuleMode } from './types.js';

/** The classification of one rule. */
export interface RuleClassification {
  readonly mode: RuleMode;
  readonly globs: readonly string[];
  readonly description?: string;
  /** Problems with the frontmatter values (the rule is still classified), by key. */
  readonly problems: readonly { readonly key: string; readonly message: string }[];
}

function truthy(v: unknown): boolean | undefined {
  if (v === true || v === 'true' || v === 'yes') return true;
  if (v === false || v === 'false' || v === 'no' || v === undefined || v === null || v === '')
    return false;
  return undefined;
}

/**
 * Classifies a rule from its frontmatter `data`. `pathInFolder` is the file's path relative to the
 * rules folder (used for the folder's `manual` globs).
 */
export function classifyRule(
  data: Readonly<Record<string, unknown>>,
  spec: Pick<RulesFolderSpec, 'globKeys' | 'unscoped' | 'manual'>,
  pathInFolder: string,
): RuleClassification {
  const problems: { key: string; message: string }[] = [];
  const always = truthy(data.alwaysApply);
  if (always === undefined) {
    problems.push({
      key: 'alwaysApply',
      message: `alwaysApply should be true or false, not ${JSON.stringify(data.alwaysApply)}`,
    });
  }
  // a Set, not `includes`: a long glob list would make the de-duplication quadratic
  const globSet = new Set<string>();
  for (const key of spec.globKeys) {
    const parsed = parseGlobValue(data[key]);
    if (parsed.problem !== undefined) problems.push({ key, message: `${key}: ${parsed.problem}` });
    for (const g of parsed.globs) globSet.add(g);
    // a glob the engine refuses matches nothing: say so where it is written
    for (const bad of compileGlobList(parsed.globs).problems) {
      problems.push({ key, message: `${key}: ${bad.message} (${bad.code}); it matches nothing` });
    }
  }
  const globs = [...globSet];
  let description: string | undefined;
  if (typeof data.description === 'string' && data.description.trim() !== '')
    description = data.description.trim();
  else if (data.description !== undefined && data.description !== null && data.description !== '') {
    problems.push({ key: 'description', message: 'description should be a string' });
  }
  const withDescription = (r: Omit<RuleClassification, 'description'>): RuleClassification =>
    description === undefined ? r : { ...r, description };
  const forcedManual = globsMatch(spec.manual ?? [], pathInFolder);
  if (forcedManual) return withDescription({ mode: 'manual', globs: [], problems });
  if (always === true) return withDescription({ mode: 'always', globs: [], problems });
  if (globs.length > 0) return withDescription({ mode: 'glob', globs, problems });
  if (spec.unscoped === 'always') return withDescription({ mode: 'always', globs: [], problems });
  if (spec.unscoped === 'by-description' && description !== undefined) {
    return withDescription({ mode: 'agent-requested', globs: [], problems });
  }
  return withDescription({ mode: 'manual', globs: [], problems });
}
