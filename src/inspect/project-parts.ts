/**
 * @module inspect/project-parts
 * The project half of an inspection: sections, sources with provenance, scanner findings, the
 * skills catalog and what it left out, from what `loadProject` and the prompt build report
 * already hold. Pure.
 */
import type { Project } from '../project/index.js';
import type { BuiltPrompt } from '../prompt/index.js';
import { loadReport, type SourceProvenance } from '../sources/index.js';
import type { InspectFinding, InspectSection, InspectSkills, InspectSource } from './types.js';

/** Every section in output order, skipped ones included. */
export function sectionsOf(prompt: BuiltPrompt): readonly InspectSection[] {
  return Object.freeze(
    prompt.report.sections.map((s) =>
      Object.freeze({
        name: s.name,
        tier: s.tier,
        status: s.status,
        volatile: s.volatile,
        bytes: s.bytes,
        tokens: s.tokens,
      }),
    ),
  );
}

function source(s: SourceProvenance, role: InspectSource['role']): InspectSource {
  return Object.freeze({
    path: s.path,
    kind: s.kind,
    scope: s.scope,
    trust: s.trust,
    status: s.status,
    reason: s.reason,
    sha256: s.sha256,
    bytes: s.bytes,
    fullBytes: s.fullBytes,
    bytesCut: s.bytesCut,
    tokens: s.tokens,
    truncated: s.status === 'truncated' || s.bytesCut > 0,
    role,
    verdict: s.scan?.verdict ?? 'not scanned',
  });
}

/** Instruction files, then path rules, as the loader reported them. */
export function sourcesOf(project: Project): readonly InspectSource[] {
  const report = loadReport(project.sources);
  return Object.freeze([
    ...report.sources.map((s) => source(s, 'instruction')),
    ...report.rules.map((s) => source(s, 'rule')),
  ]);
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** One row per finding (the default scanner's findings carry an excerpt and a message). */
export function findingsOf(project: Project): readonly InspectFinding[] {
  const rows: InspectFinding[] = [];
  for (const f of project.findings)
    for (const x of f.findings) {
      const full = x as unknown as Record<string, unknown>;
      rows.push(
        Object.freeze({
          source: f.source,
          verdict: f.verdict,
          ruleId: x.ruleId,
          severity: x.severity ?? 'flag',
          line: x.line,
          excerpt: str(full.excerpt),
          message: str(full.message),
          suppressed: x.suppressed,
        }),
      );
    }
  return Object.freeze(rows);
}

/** The catalog as listed, and every skill left out with why. */
export function skillsOf(project: Project): InspectSkills {
  const c = project.catalog;
  return Object.freeze({
    listed: Object.freeze(
      c.entries.map((e) => Object.freeze({ name: e.name, description: e.description })),
    ),
    unlisted: Object.freeze(
      c.report.unlisted.map((u) => Object.freeze({ name: u.name, reason: u.reason })),
    ),
    droppedForBudget: c.dropped,
    cut: Object.freeze([...c.report.cut]),
    tokens: c.report.tokens,
    budgetTokens: c.report.budgetTokens,
  });
}
