import { type Cents, roundHalfEven } from './money.js';

export interface Line {
  readonly description: string;
  readonly quantity: number;
  readonly unitPrice: Cents;
}

export interface InvoiceInput {
  readonly lines: readonly Line[];
  /** Discount in basis points, applied before tax. */
  readonly discountBp: number;
  /** Tax rate in basis points. */
  readonly taxBp: number;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

export function invoiceTotal(input: InvoiceInput): Result<Cents> {
  if (input.lines.some((l) => l.quantity < 0 || l.unitPrice < 0)) {
    return { ok: false, error: 'negative quantity or price' };
  }
  const subtotal = input.lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0);
  const discounted = (subtotal * (10_000 - input.discountBp)) / 10_000;
  return { ok: true, value: roundHalfEven((discounted * (10_000 + input.taxBp)) / 10_000) };
}
