/**
 * @module prompt/section-names
 * Names of built-in sections that code outside the section itself refers to (payload builders
 * place the repository section apart), so the name is written once.
 */

/** Name of the section that renders the repository's instruction files. */
export const REPOSITORY_SECTION = 'repository-context';
