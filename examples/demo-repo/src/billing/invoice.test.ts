import { expect, it } from 'vitest';
import { invoiceTotal } from './invoice.js';

it('applies the discount before tax', () => {
  const r = invoiceTotal({ lines: [{ description: 'x', quantity: 2, unitPrice: 1000 }], discountBp: 1000, taxBp: 2000 });
  expect(r).toEqual({ ok: true, value: 2160 });
});
