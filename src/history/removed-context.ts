/**
 * @module history/removed-context
 * What a compaction removed from the injected context (rules, skills, instructions), so the
 * session layer can re-arm it.
 */
import type { Mutable } from '../_internal/mutable.js';
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import type { RearmedContext } from './compaction-types.js';
import { activationKeysIn, fragmentMarkersIn } from './fragment.js';
import { type History, toolResultText } from './message.js';

/**
 * Every text of a history as a model sees it: each text part and each tool result's text. Pass
 * the result of a compaction to `rearmAfterCompaction` (skills) to re-arm what it removed; it
 * agrees with the compaction's `record.rearmed`.
 */
export function survivingTexts(history: History): string[] {
  const out: string[] = [];
  for (const m of history) {
    for (const p of m.parts) {
      if (p.type === 'text') out.push(p.text);
      else if (p.type === 'tool-result') out.push(toolResultText(p));
    }
  }
  return out;
}

export function textOfHistory(history: History): string {
  return survivingTexts(history).join('\n');
}

/** Fragment types whose removal re-arms them. */
const REARMABLE = new Set(['rule', 'skill', 'instructions']);

/**
 * The injected context that `before` had and `after` lost: every rule, skill or instructions
 * fragment with an activation key that no longer starts a line of any text of `after` (one
 * entry per key, where it first was), plus keyless ones in the `forgotten` messages.
 */
export function removedContext(
  before: History,
  after: History,
  forgotten: ReadonlySet<string>,
): RearmedContext[] {
  const surviving = activationKeysIn(survivingTexts(after));
  const seen = new Set<string>();
  const out: RearmedContext[] = [];
  for (const m of before) {
    for (const p of m.parts) {
      const text = p.type === 'text' ? p.text : p.type === 'tool-result' ? toolResultText(p) : '';
      for (const f of fragmentMarkersIn(text)) {
        if (!REARMABLE.has(f.type)) continue;
        if (f.key === undefined ? !forgotten.has(m.id) : surviving.has(f.key) || seen.has(f.key))
          continue;
        if (f.key !== undefined) seen.add(f.key);
        const r: Mutable<RearmedContext> = {
          type: f.type,
          messageId: m.id,
        };
        if (f.key !== undefined) r.key = f.key;
        if (f.attributes.name !== undefined) r.name = f.attributes.name;
        const path = f.attributes.path ?? f.attributes.source;
        if (path !== undefined) r.path = path;
        out.push(r);
      }
    }
  }
  return out;
}

export function rearmDiagnostic(r: RearmedContext): Diagnostic {
  return diagnostic(
    'I_HISTORY_REARMED',
    'info',
    `${r.type} ${r.name ?? r.path ?? ''} from message ${r.messageId} was removed and is re-armed`.replace(
      '  ',
      ' ',
    ),
  );
}
