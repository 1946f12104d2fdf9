/**
 * @module sources/globs
 * Glob lists as rule frontmatter writes them (`globs`, `applyTo`, `paths`): a string with
 * comma-separated globs, or a list of strings. Pure.
 */

/** Splits on commas that are not inside `{...}` or `[...]`. */
function splitTopLevelCommas(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      parts.push(s.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(s.slice(start));
  return parts;
}

function clean(glob: string): string {
  let g = glob
    .trim()
    .replace(/^["']|["']$/g, '')
    .trim();
  g = g.replace(/\\/g, '/');
  while (g.startsWith('./')) g = g.slice(2);
  return g;
}

/**
 * Reads a glob value. Returns the globs (trimmed, de-duplicated, in order) and, when the value is
 * of the wrong shape, a problem message (the usable parts are still returned).
 */
export function parseGlobValue(value: unknown): { globs: string[]; problem?: string } {
  if (value === undefined || value === null || value === '') return { globs: [] };
  const out: string[] = [];
  // a Set, not out.includes: a long list of distinct globs stays linear
  const seen = new Set<string>();
  let problem: string | undefined;
  const add = (s: string) => {
    for (const part of splitTopLevelCommas(s)) {
      const g = clean(part);
      if (g !== '' && !seen.has(g)) {
        seen.add(g);
        out.push(g);
      }
    }
  };
  if (typeof value === 'string') add(value);
  else if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item === 'string') add(item);
      else if (item !== null && item !== undefined)
        problem = 'glob list holds a value that is not a string';
    }
  } else problem = `globs must be a string or a list of strings, not ${typeof value}`;
  return problem === undefined ? { globs: out } : { globs: out, problem };
}
