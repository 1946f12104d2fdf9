/**
 * @module sources/prepare
 * One source from read bytes to scanned text: frontmatter and rule classification (rules
 * folders), `@import` resolution, the empty check and the injection scan. Budgeting comes later,
 * over all sources at once.
 */
import { dirname } from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import type { InstructionScope, Trust } from '../prompt/types.js';
import type { Scanner } from '../safety/index.js';
import { classifyRule } from './classify-rule.js';
import type { RulesFolderSpec } from './defaults.js';
import type { RuleCandidate } from './discover.js';
import { parseFrontmatter } from './frontmatter.js';
import type { FileRead } from './read-file.js';
import { resolveImports } from './resolve-imports.js';
import { scanSource } from './scan.js';
import type { Contributor, RuleMode, ScanSummary } from './types.js';

/** A source between reading and budgeting. */
export interface PreparedSource {
  readonly path: string;
  readonly absolutePath: string;
  readonly kind: string;
  readonly scope: InstructionScope;
  readonly trust: Trust;
  readonly read: FileRead;
  status: 'loaded' | 'blocked' | 'skipped';
  reason?: string;
  /** Resolved text ('' when skipped). */
  text: string;
  /** UTF-8 bytes of the resolved text before any placeholder. */
  fullBytes: number;
  /** File line of the text's first line, when line numbers still match the file. */
  firstLine?: number;
  contributors: Contributor[];
  scan?: ScanSummary;
  /** Rule data, for files from rules folders (and directory rules). */
  rule?: { name: string; mode: RuleMode; globs: string[]; description?: string };
  /** Whether `@imports` are resolved in this format. */
  readonly imports: boolean;
}

/** Strips the rule extension from a path inside a rules folder. */
export function ruleName(pathInFolder: string): string {
  return pathInFolder.replace(/\.(instructions|agent)\.md$|\.(mdc|md|markdown|txt)$/i, '');
}

/** A prepared source straight from a read (no rule data yet). */
export function fromRead(
  read: FileRead,
  meta: { path: string; kind: string; scope: InstructionScope; trust: Trust; imports: boolean },
  diagnostics: Diagnostic[],
): PreparedSource {
  diagnostics.push(...read.diagnostics);
  const base = {
    ...meta,
    absolutePath: read.absolutePath,
    read,
    contributors: [] as Contributor[],
  };
  if (!read.ok) {
    if (read.missing) {
      diagnostics.push(
        diagnostic('W_VANISHED', 'warning', `${meta.path} disappeared before it could be read`, {
          file: meta.path,
        }),
      );
    }
    return { ...base, status: 'skipped', reason: read.reason, text: '', fullBytes: 0 };
  }
  return { ...base, status: 'loaded', text: read.text, fullBytes: 0, firstLine: 1 };
}

function keyLine(text: string, key: string): number | undefined {
  const lines = text.split('\n');
  for (let i = 1; i < lines.length; i++) {
    if (/^(---|\.\.\.)\s*$/.test(lines[i]!)) return undefined;
    if (new RegExp(`^${key}\\s*:`).test(lines[i]!)) return i + 1;
  }
  return undefined;
}

/**
 * A rule's glob, as written in the rules folder of `base` (relative to the root), made relative
 * to the root: anchored patterns (with a `/`) are prefixed with the folder, and a basename pattern
 * (no `/`, it matches at any depth) matches at any depth below the folder. `!` stays in front.
 */
export function scopeGlob(glob: string, base: string): string {
  if (base === '') return glob;
  const negated = glob.startsWith('!');
  const body = negated ? glob.slice(1) : glob;
  const inner = body.replace(/\/$/, '');
  const scoped = inner.includes('/') ? `${base}/${body.replace(/^\//, '')}` : `${base}/**/${body}`;
  return negated ? `!${scoped}` : scoped;
}

/** Parses a rules-folder file's frontmatter and classifies it (mutates `p`). */
export function classifyPrepared(
  p: PreparedSource,
  spec: RulesFolderSpec,
  pathInFolder: string,
  diagnostics: Diagnostic[],
  base = '',
): void {
  const fm = parseFrontmatter(p.text, spec.globKeys);
  for (const problem of fm.problems) {
    diagnostics.push(
      diagnostic(
        'W_FRONTMATTER_MALFORMED',
        'warning',
        `${p.path}: ${problem.message}; body loaded`,
        { file: p.path, line: problem.line },
      ),
    );
  }
  const c = classifyRule(fm.data, spec, pathInFolder);
  for (const problem of c.problems) {
    diagnostics.push(
      diagnostic('W_FRONTMATTER_VALUE', 'warning', `${p.path}: ${problem.message}`, {
        file: p.path,
        line: keyLine(p.text, problem.key) ?? 1,
      }),
    );
  }
  p.text = fm.body;
  p.firstLine = fm.bodyLine;
  p.rule = {
    name: ruleName(pathInFolder),
    mode: c.mode,
    globs: c.globs.map((g) => scopeGlob(g, base)),
    ...(c.description === undefined ? {} : { description: c.description }),
  };
}

/**
 * Reads one rules-folder file and classifies it, its globs scoped to its `base` (the folder whose
 * rules folder holds it, `''` at the root); a file that did not load is a manual rule.
 */
export async function prepareRuleFile(
  file: RuleCandidate,
  env: PrepareEnv,
  trust: Trust,
  diagnostics: Diagnostic[],
): Promise<PreparedSource> {
  const { spec } = file;
  const read = await env.read(file.absolutePath, env.realRoot);
  const p = fromRead(
    read,
    { path: file.path, kind: spec.kind, scope: 'rule', trust, imports: spec.imports },
    diagnostics,
  );
  if (p.status === 'loaded') classifyPrepared(p, spec, file.pathInFolder, diagnostics, file.base);
  else p.rule = { name: ruleName(file.pathInFolder), mode: 'manual', globs: [] };
  return p;
}

/** What import resolution and scanning need. */
export interface PrepareEnv {
  readonly read: (absolutePath: string, boundary: string | undefined) => Promise<FileRead>;
  readonly display: (absolutePath: string) => string;
  readonly root: string;
  readonly realRoot: string;
  readonly home: string | undefined;
  readonly maxImportDepth: number;
  readonly allowImportsOutsideRoot: boolean;
  readonly loadedElsewhere: ReadonlyMap<string, string>;
  readonly scan: Scanner | undefined;
}

/** Resolves imports, checks for empty text and scans (mutates `p`). */
export async function finishPrepared(
  p: PreparedSource,
  env: PrepareEnv,
  diagnostics: Diagnostic[],
): Promise<void> {
  if (p.status !== 'loaded' || !p.read.ok) return;
  const read = p.read;
  if (p.imports) {
    const global = p.scope === 'global';
    const boundary = global ? (env.home ?? dirname(read.realPath)) : env.root;
    const realBoundary = global
      ? undefined
      : env.allowImportsOutsideRoot
        ? undefined
        : env.realRoot;
    const elsewhere = new Map(env.loadedElsewhere);
    elsewhere.delete(read.realPath);
    const resolved = await resolveImports(
      p.text,
      {
        absolutePath: read.absolutePath,
        realPath: read.realPath,
        path: p.path,
        firstLine: p.firstLine ?? 1,
      },
      {
        read: (abs) => env.read(abs, realBoundary),
        boundary,
        ...(env.home === undefined ? {} : { home: env.home }),
        maxDepth: env.maxImportDepth,
        allowOutsideBoundary: env.allowImportsOutsideRoot,
        display: env.display,
        loadedElsewhere: elsewhere,
      },
    );
    diagnostics.push(...resolved.diagnostics);
    p.contributors.push(...resolved.contributors);
    if (resolved.contributors.length > 0) delete p.firstLine;
    p.text = resolved.text;
  }
  p.fullBytes = new TextEncoder().encode(p.text).length;
  if (p.text.trim() === '') {
    diagnostics.push(
      diagnostic('I_EMPTY_FILE', 'info', `${p.path} has no content; skipped`, { file: p.path }),
    );
    p.status = 'skipped';
    p.reason = 'empty';
    p.text = '';
    return;
  }
  if (p.trust === 'untrusted' && env.scan !== undefined) {
    const s = scanSource(p.text, p.path, env.scan);
    diagnostics.push(...s.diagnostics);
    p.scan = s.summary;
    // a flagged source is shown inside the flagged wrapper, where the model reads it
    if (s.summary.verdict === 'flagged') p.text = s.text;
    if (s.blocked) {
      p.status = 'blocked';
      p.reason = `blocked by the injection scanner (${s.summary.ruleIds.join(', ') || 'no rule ids'})`;
      p.text = s.text;
      delete p.firstLine;
    }
  }
}
