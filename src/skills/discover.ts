/**
 * @module skills/discover
 * The I/O edge of skills: finds skill folders (each holding a SKILL.md, nested sub-skills
 * included) under the given roots, reads SKILL.md and lists `scripts/`, `references/` and
 * `assets/`. Nothing is parsed here.
 */
import { type Dirent, promises as fs } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import { isSecretFileName } from '../sources/index.js';
import { SKILL_CODES } from './codes.js';
import type { SkillRoot } from './roots.js';
import type { SkillOrigin, SkillResources } from './types.js';

/** Size limit of one SKILL.md, in bytes. */
export const MAX_SKILL_FILE_BYTES = 256 * 1024;
/** Most files listed per resource folder. */
export const MAX_RESOURCES_PER_KIND = 200;
/** Deepest nesting of sub-skills below a root. */
export const MAX_SKILL_DEPTH = 6;

const SKIP_DIRS = new Set(['node_modules', '.git', 'scripts', 'references', 'assets']);

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
  /** Unreadable or oversized files, missing roots. */
  readonly diagnostics: readonly Diagnostic[];
}

/** Finds every SKILL.md under `roots`. One bad file never stops the others. */
export async function discoverSkills(roots: readonly SkillRoot[]): Promise<DiscoveryResult> {
  const skills: DiscoveredSkill[] = [];
  const diags: Diagnostic[] = [];
  const seenReal = new Set<string>();
  for (const [rootIndex, root] of roots.entries()) {
    const stat = await fs.stat(root.dir).catch(() => undefined);
    if (stat === undefined || !stat.isDirectory()) {
      diags.push(
        diagnostic(SKILL_CODES.rootMissing, 'info', `no skills folder at ${root.label}`, {
          file: root.label,
        }),
      );
      continue;
    }
    const folders: string[] = [];
    await collectSkillFolders(root.dir, 0, folders, seenReal);
    folders.sort();
    for (const dir of folders) {
      const rel = relative(root.dir, dir).split(sep).join('/');
      const file = `${root.label}/${rel}/SKILL.md`;
      const path = join(dir, 'SKILL.md');
      try {
        const st = await fs.stat(path);
        if (st.size > MAX_SKILL_FILE_BYTES) {
          diags.push(
            diagnostic(
              SKILL_CODES.tooLarge,
              'error',
              `SKILL.md is ${st.size} bytes, over the ${MAX_SKILL_FILE_BYTES}-byte limit; skipped`,
              { file },
            ),
          );
          continue;
        }
        // a SKILL.md that is a link to a secrets file (`.env`, a key) must not reach the catalog
        const real = await fs.realpath(path).catch(() => path);
        if (isSecretFileName(real)) {
          diags.push(
            diagnostic(
              SKILL_CODES.secretFile,
              'error',
              `SKILL.md resolves to ${real}, which looks like a secrets file (keys, .env, credentials); skipped`,
              { file },
            ),
          );
          continue;
        }
        const text = await fs.readFile(path, 'utf8');
        const { resources, cut } = await listResources(dir);
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
          text,
          origin: root.origin,
          rootIndex,
          resources,
        });
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        diags.push(
          diagnostic(SKILL_CODES.read, 'error', `SKILL.md could not be read: ${why}`, { file }),
        );
      }
    }
  }
  return { skills, diagnostics: diags };
}

async function readDirSafe(dir: string): Promise<Dirent[]> {
  try {
    return await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

async function isDir(path: string, entry: Dirent): Promise<boolean> {
  if (entry.isDirectory()) return true;
  if (!entry.isSymbolicLink()) return false;
  const st = await fs.stat(path).catch(() => undefined);
  return st?.isDirectory() === true;
}

async function collectSkillFolders(
  dir: string,
  depth: number,
  out: string[],
  seenReal: Set<string>,
): Promise<void> {
  if (depth > MAX_SKILL_DEPTH) return;
  const entries = await readDirSafe(dir);
  for (const entry of entries) {
    if (entry.name.startsWith('.') || SKIP_DIRS.has(entry.name)) continue;
    const child = join(dir, entry.name);
    if (!(await isDir(child, entry))) continue;
    const real = await fs.realpath(child).catch(() => child);
    if (seenReal.has(real)) continue; // symlink cycles and the same folder reached twice
    seenReal.add(real);
    const hasSkill = await fs
      .stat(join(child, 'SKILL.md'))
      .then((s) => s.isFile())
      .catch(() => false);
    if (hasSkill) out.push(child);
    await collectSkillFolders(child, depth + 1, out, seenReal);
  }
}

async function listResources(dir: string): Promise<{ resources: SkillResources; cut: string[] }> {
  const cut: string[] = [];
  const list = async (kind: 'scripts' | 'references' | 'assets') => {
    const files: string[] = [];
    await walkFiles(join(dir, kind), kind, files, 0);
    files.sort();
    if (files.length > MAX_RESOURCES_PER_KIND) {
      cut.push(kind);
      return files.slice(0, MAX_RESOURCES_PER_KIND);
    }
    return files;
  };
  const resources = {
    scripts: await list('scripts'),
    references: await list('references'),
    assets: await list('assets'),
  };
  return { resources, cut };
}

async function walkFiles(dir: string, rel: string, out: string[], depth: number): Promise<void> {
  if (depth > 8 || out.length > MAX_RESOURCES_PER_KIND) return;
  for (const entry of await readDirSafe(dir)) {
    const child = join(dir, entry.name);
    const childRel = `${rel}/${entry.name}`;
    if (entry.isFile()) out.push(childRel);
    else if (entry.isDirectory()) await walkFiles(child, childRel, out, depth + 1);
  }
}
