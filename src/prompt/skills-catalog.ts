/**
 * @module prompt/skills-catalog
 * The exact text of the `<available_skills>` block: names and descriptions, never a file path.
 * The available-skills section renders it and the skills catalog budget measures it, so both use
 * this one function. Pure and byte-stable: entries are rendered in the order given (the catalog
 * sorts them by name), descriptions are escaped so untrusted text cannot close the block.
 */
import { escapeAttributeValue, escapeText } from '../_internal/wrapper-tags.js';
import type { SkillCatalogEntry } from './types.js';

/** Opening line of the block. */
export const CATALOG_OPEN = '<available_skills>';
/** Closing line of the block. */
export const CATALOG_CLOSE = '</available_skills>';

/** One catalog line: `<skill name="x">description</skill>` (or `<skill name="x"/>` name-only). */
export function renderCatalogLine(entry: SkillCatalogEntry): string {
  const name = escapeAttributeValue(entry.name);
  if (entry.description === '') return `<skill name="${name}"/>`;
  const scanner =
    entry.scanner === undefined ? '' : ` scanner="${escapeAttributeValue(entry.scanner)}"`;
  return `<skill name="${name}"${scanner}>${escapeText(entry.description)}</skill>`;
}

/** The line that says how many skills the budget left out. */
export function renderOmittedLine(dropped: number): string {
  const noun = dropped === 1 ? 'skill is' : 'skills are';
  return `<omitted count="${dropped}">${dropped} more ${noun} not listed to fit the catalog budget; call invoke_skill with any name to get the list of every skill name.</omitted>`;
}

/**
 * Renders the whole block, one line per entry, plus the omitted-skills line when `dropped > 0`.
 * Returns the empty string when there is nothing to list and nothing was dropped.
 */
export function renderSkillCatalog(entries: readonly SkillCatalogEntry[], dropped = 0): string {
  if (entries.length === 0 && dropped === 0) return '';
  const lines = [CATALOG_OPEN, ...entries.map(renderCatalogLine)];
  if (dropped > 0) lines.push(renderOmittedLine(dropped));
  lines.push(CATALOG_CLOSE);
  return lines.join('\n');
}
