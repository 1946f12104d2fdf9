/**
 * @module prompt/stability
 * The static stability check: proves the static tier does not depend on per-session data.
 */
import { type PromptContext, withContext } from './context.js';
import type { SectionRegistry } from './registry.js';

/** One static section whose bytes differ between two sessions. */
export interface StaticInstability {
  /** The offending section. */
  readonly section: string;
  /** Its text in the first context (null: skipped or empty). */
  readonly a: string | null;
  /** Its text in the second context. */
  readonly b: string | null;
  /** Index of the first differing UTF-16 unit. */
  readonly firstDifference: number;
}

/** The outcome of {@link checkStaticStability}. */
export interface StaticStabilityReport {
  /** True when every static section rendered the same bytes in both contexts. */
  readonly stable: boolean;
  /** Static sections checked. */
  readonly checked: readonly string[];
  /** Every section whose bytes differ. */
  readonly unstable: readonly StaticInstability[];
}

/**
 * A context equal to `ctx` in its static inputs but different in every per-session field:
 * another cwd, home, platform, shell, clock, instruction files, skills, memory, plan,
 * snapshot, suffix, secrets and retrieved passages. Deterministic.
 */
export function perSessionVariant(ctx: PromptContext): PromptContext {
  const shifted = ctx.now
    ? new Date(Date.parse(ctx.now) + 86_400_000 * 37 + 3_600_000 * 5 + 61_000)
    : new Date(Date.UTC(2031, 6, 15, 13, 7, 11));
  return withContext(ctx, {
    cwd: `${ctx.cwd ?? '/work'}/__variant__/nested`,
    home: '/home/__variant__',
    platform: ctx.platform === 'win32' ? 'linux' : 'win32',
    shell: ctx.shell === 'pwsh' ? 'zsh' : 'pwsh',
    outputLanguage: ctx.outputLanguage === 'Japanese' ? 'German' : 'Japanese',
    instructions: [
      {
        path: 'VARIANT.md',
        kind: 'agents-md',
        scope: 'project',
        trust: 'untrusted',
        status: 'loaded',
        content: 'variant rules',
      },
    ],
    skills: [{ name: 'variant-skill', description: 'a skill only the variant session has' }],
    skillsOmitted: ctx.skillsOmitted + 3,
    memory: 'variant memory',
    plan: { name: 'VARIANT-PLAN.md', text: 'variant plan' },
    contextSnapshot: 'variant snapshot',
    customSuffix: 'variant suffix',
    secretNames: ['VARIANT_SECRET'],
    now: shifted,
    permissionMode: ctx.permissionMode === 'read-only' ? 'full-auto' : 'read-only',
    retrievedDocuments: [{ source: 'variant.md', text: 'a passage only the variant session has' }],
    retrievedOmitted: ctx.retrievedOmitted + 1,
  });
}

/**
 * Renders the static tier for two contexts that should differ only in per-session fields and
 * reports each static section whose bytes differ. Bypasses the static memo. With one context,
 * compares it against {@link perSessionVariant} of itself.
 * @example checkStaticStability(registry, ctx).stable // true when the static tier is cache-stable
 */
export function checkStaticStability(
  registry: SectionRegistry,
  ctxA: PromptContext,
  ctxB: PromptContext = perSessionVariant(ctxA),
): StaticStabilityReport {
  const a = registry.renderTier(ctxA, 'static');
  const b = registry.renderTier(ctxB, 'static');
  const unstable: StaticInstability[] = [];
  a.forEach((ra, i) => {
    const rb = b[i];
    if (rb === undefined || ra.text === rb.text) return;
    unstable.push(
      Object.freeze({
        section: ra.name,
        a: ra.text,
        b: rb.text,
        firstDifference: firstDifference(ra.text ?? '', rb.text ?? ''),
      }),
    );
  });
  return Object.freeze({
    stable: unstable.length === 0,
    checked: Object.freeze(a.map((r) => r.name)),
    unstable: Object.freeze(unstable),
  });
}

function firstDifference(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return i;
  return n;
}
