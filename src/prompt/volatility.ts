/**
 * @module prompt/volatility
 * The check that a volatile section says why it changes every turn: the reason is required, so a
 * report and the docs can tell a reader what makes the prompt's tail move.
 */
import { CtxloomError } from '../diagnostics/index.js';
import type { Volatility } from './section.js';

/**
 * Throws `E_VOLATILE_REASON` when `volatility` is given without a non-blank string `reason`
 * (or without `volatile: true`).
 */
export function checkVolatility(name: string, volatility: Volatility | undefined): void {
  if (volatility === undefined) return;
  const { volatile, reason } = volatility as { volatile?: unknown; reason?: unknown };
  if (volatile !== true || typeof reason !== 'string' || reason.trim() === '') {
    throw new CtxloomError(
      'E_VOLATILE_REASON',
      `section ${JSON.stringify(name)} is declared volatile without a reason: give volatility.reason, a sentence saying why it changes every turn`,
    );
  }
}
