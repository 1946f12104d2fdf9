/**
 * @module skills/discover
 * The I/O edge of skills: finds skill folders (each holding a SKILL.md, nested sub-skills
 * included) under the given roots, reads SKILL.md through the read gate (`files/`) and lists
 * `scripts/`, `references/` and `assets/`. Nothing is parsed here.
 *
 * Nothing vanishes: a SKILL.md that is a FIFO, a folder, a link out of the root's boundary or to
 * a secret is reported; so are skills nested deeper than {@link MAX_SKILL_DEPTH} and skills under
 * folders that are not searched (dot folders, `scripts/`, `references/`, `assets/`). Symlinks in
 * skill folders and resources are followed only while they stay inside the boundary.
 */
import { readdirSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { type Diagnostic, type DiagnosticCode, diagnostic } from '../diagnostics/index.js';
import {
  type ClassifiedPath,
  classifyPath,
  FILE_CODES,
  isSecretFileName,
  readProjectFile,
} from '../files/index.js';
import { SKILL_CODES, SKILL_DISCOVERY_CODES } from './codes.js';
import { boundaryOf, type SkillRoot } from './roots.js';
import type { SkillOrigin, SkillResources } from './types.js';

/** Size limit of one SKILL.md, in bytes. */
export const MAX_SKILL_FILE_BYTES = 256 * 1024;
/** Most files listed per resource folder. */
export const MAX_RESOURCES_PER_KIND = 200;
/** Deepest nesting of sub-skills below a root. */
export const MAX_SKILL_DEPTH = 6;

/** Folders never searched for skills; a SKILL.md found below one is reported, not loaded. */
const SKIP_DIRS = new Set(['scripts', 'references', 'assets']);
/** Folders neither searched nor looked into (too large, never skills). */
const NEVER_LOOK = new Set(['node_modules', '.git']);
/** Bounds of the look into a folder that is not searched (to report skills it hides). */
const PEEK_DEPTH = 4;
const PEEK_ENTRIES = 500;

/** A SKILL.md as found on disk, before parsing. */
export interface DiscoveredSkill {
  /** Absolute skill folder. */
  readonly dir: string;
  /** The folder's name (what `name` must equal). */
  readonly folderName: string;
  /** Display path of SKILL.md. */
  readonly file: string;
  /** The SKILL.md text. */
  readonly text: string;
  readonly origin: SkillOrigin;
  /** Index of the root in the list it was found through (lower wins within an origin). */
  readonly rootIndex: number;
  readonly resources: SkillResources;
}

/** What discovery found. */
export interface DiscoveryResult {
  /** Found skills, in root order then path order. */
  readonly skills: readonly DiscoveredSkill[];
  /** Unreadable, refused or oversized files, skipped folders, missing roots. */
  readonly diagnostics: readonly Diagnostic[];
}

/** Walk state for one root. */
interface Walk {
  readonly root: SkillRoot;
  readonly bounds: readonly string[];
  readonly folders: string[];
  readonly seenReal: Set<string>;
  readonly diags: Diagnostic[];
}

const display = (w: Walk, abs: string) => {
  const rel = relative(w.root.dir, abs).split(sep).join('/');
  return rel === '' ? w.root.label : `${w.root.label}/${rel}`;
};

/** Maps a read-gate refusal of a SKILL.md to the skills code table. */
function skillReadCode(code: DiagnosticCode): DiagnosticCode {
  if (code === FILE_CODES.secretName || code === FILE_CODES.secretContent)
    return SKILL_CODES.secretFile;
  if (code === FILE_CODES.tooLarge) return SKILL_CODES.tooLarge;
  return SKILL_CODES.read;
}

/** Finds every SKILL.md under `roots`. One bad file never stops the others. */
export async function discoverSkills(roots: readonly SkillRoot[]): Promise<DiscoveryResult> {
  const skills: DiscoveredSkill[] = [];
  const diags: Diagnostic[] = [];
  const seenReal = new Set<string>();
  for (const [rootIndex, root] of roots.entries()) {
    const bounds = [boundaryOf(root)];
    const top = classifyPath(root.dir, bounds);
    if (top.kind !== 'directory') {
      diags.push(
        top.kind === 'missing'
          ? diagnostic(SKILL_CODES.rootMissing, 'info', `no skills folder at ${root.label}`, {
              file: root.label,
            })
          : diagnostic(
              SKILL_CODES.read,
              'error',
              `${root.label} ${whyNot(top)}; no skills loaded from it`,
              { file: root.label },
            ),
      );
      continue;
    }
    const w: Walk = { root, bounds, folders: [], seenReal, diags };
    collectSkillFolders(w, root.dir, 0);
    w.folders.sort();
    for (const dir of w.folders) {
      const file = `${display(w, dir)}/SKILL.md`;
      const read = readProjectFile(join(dir, 'SKILL.md'), {
        roots: bounds,
        maxBytes: MAX_SKILL_FILE_BYTES,
        display: file,
      });
      if (!read.ok) {
        const d = read.diagnostic;
        diags.push(diagnostic(skillReadCode(d.code), 'error', d.message, { file, line: d.line }));
        continue;
      }
      diags.push(...read.diagnostics);
      const { resources, cut } = listResources(w, dir, file);
      for (const kind of cut) {
        diags.push(
          diagnostic(
            SKILL_CODES.resourcesCut,
            'warning',
            `${kind}/ lists only the first ${MAX_RESOURCES_PER_KIND} files`,
            { file },
          ),
        );
      }
      skills.push({
        dir,
        folderName: basename(dir),
        file,
        text: read.text,
        origin: root.origin,
        rootIndex,
        resources,
      });
    }
  }
  return { skills, diagnostics: diags };
}

function whyNot(c: ClassifiedPath): string {
  switch (c.kind) {
    case 'outside':
      return `resolves to ${c.realPath}, outside the folders skills may come from`;
    case 'dangling':
      return 'is a symlink to a missing folder';
    case 'loop':
      return 'is a symlink loop';
    case 'special':
      return `is ${c.what ?? 'a special file'}`;
    case 'file':
      return 'is a file, not a folder';
    default:
      return 'cannot be read';
  }
}

function listNames(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

/** SKILL.md files below `dir`, within the peek bounds (for reporting, not loading). */
function peekSkills(dir: string, depth: number, budget: { left: number }, out: string[]): void {
  if (depth > PEEK_DEPTH || budget.left <= 0) return;
  for (const name of listNames(dir)) {
    if (--budget.left <= 0) return;
    if (NEVER_LOOK.has(name)) continue;
    const child = join(dir, name);
    if (name === 'SKILL.md') out.push(child);
    else {
      const c = classifyPath(child, ['/']);
      if (c.kind === 'directory' && !c.symlink) peekSkills(child, depth + 1, budget, out);
    }
  }
}

function reportHidden(w: Walk, folder: string, why: string, code: DiagnosticCode): void {
  const found: string[] = [];
  const self = classifyPath(join(folder, 'SKILL.md'), ['/']);
  if (self.kind !== 'missing') found.push(join(folder, 'SKILL.md'));
  peekSkills(folder, 0, { left: PEEK_ENTRIES }, found);
  const unique = [...new Set(found)].sort();
  if (unique.length === 0) return;
  const first = display(w, unique[0] as string);
  const more = unique.length > 1 ? ` (and ${unique.length - 1} more)` : '';
  w.diags.push(diagnostic(code, 'warning', `${first}${more} not loaded: ${why}`, { file: first }));
}

function collectSkillFolders(w: Walk, dir: string, depth: number): void {
  for (const name of listNames(dir)) {
    if (NEVER_LOOK.has(name)) continue;
    const child = join(dir, name);
    const c = classifyPath(child, w.bounds);
    if (c.kind === 'outside' || c.kind === 'loop') {
      if (c.symlink && classifyPath(join(child, 'SKILL.md'), ['/']).kind !== 'missing')
        w.diags.push(
          diagnostic(
            SKILL_CODES.read,
            'error',
            `${display(w, child)} ${whyNot(c)}; its skill is not loaded`,
            { file: `${display(w, child)}/SKILL.md` },
          ),
        );
      continue;
    }
    if (c.kind !== 'directory') continue;
    if (name.startsWith('.') || SKIP_DIRS.has(name)) {
      reportHidden(
        w,
        child,
        `skills are not looked for under ${name.startsWith('.') ? 'dot folders' : `${name}/`} (${display(w, child)})`,
        SKILL_DISCOVERY_CODES.ignored,
      );
      continue;
    }
    if (depth >= MAX_SKILL_DEPTH) {
      reportHidden(
        w,
        child,
        `nested deeper than ${MAX_SKILL_DEPTH} folders below ${w.root.label}`,
        SKILL_DISCOVERY_CODES.tooDeep,
      );
      continue;
    }
    const real = c.realPath ?? child;
    if (w.seenReal.has(real)) continue; // symlink cycles and the same folder reached twice
    w.seenReal.add(real);
    // a SKILL.md that exists in any form (a FIFO, a folder, a link) is read, so it is reported
    if (classifyPath(join(child, 'SKILL.md'), ['/']).kind !== 'missing') w.folders.push(child);
    collectSkillFolders(w, child, depth + 1);
  }
}

type ResourceKind = 'scripts' | 'references' | 'assets';

function listResources(
  w: Walk,
  dir: string,
  file: string,
): { resources: SkillResources; cut: string[] } {
  const cut: string[] = [];
  const list = (kind: ResourceKind) => {
    const files: string[] = [];
    const base = join(dir, kind);
    const c = classifyPath(base, w.bounds);
    if (c.kind === 'directory') walkFiles(w, base, kind, files, 0, file);
    else if (c.kind !== 'missing') skipResource(w, kind, c, file);
    files.sort();
    if (files.length > MAX_RESOURCES_PER_KIND) {
      cut.push(kind);
      return files.slice(0, MAX_RESOURCES_PER_KIND);
    }
    return files;
  };
  const resources = {
    scripts: list('scripts'),
    references: list('references'),
    assets: list('assets'),
  };
  return { resources, cut };
}

function skipResource(w: Walk, rel: string, c: ClassifiedPath | 'secret', file: string): void {
  const why =
    c === 'secret'
      ? 'looks like a secrets file'
      : c.kind === 'file'
        ? 'is not a folder'
        : whyNot(c);
  w.diags.push(
    diagnostic(
      SKILL_DISCOVERY_CODES.resourceSkipped,
      'warning',
      `resource ${rel} ${why}; not listed`,
      {
        file,
      },
    ),
  );
}

function walkFiles(
  w: Walk,
  dir: string,
  rel: string,
  out: string[],
  depth: number,
  file: string,
): void {
  if (depth > 8 || out.length > MAX_RESOURCES_PER_KIND) return;
  for (const name of listNames(dir)) {
    const child = join(dir, name);
    const childRel = `${rel}/${name}`;
    const c = classifyPath(child, w.bounds);
    if (c.kind === 'file') {
      if (isSecretFileName(childRel) || isSecretFileName(c.realPath ?? child))
        skipResource(w, childRel, 'secret', file);
      else out.push(childRel);
    } else if (c.kind === 'directory') walkFiles(w, child, childRel, out, depth + 1, file);
    else skipResource(w, childRel, c, file);
  }
}
