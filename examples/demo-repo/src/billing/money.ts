/** Integer cents. */
export type Cents = number;

/** Rounds half to even: 0.5 -> 0, 1.5 -> 2, 2.5 -> 2. */
export function roundHalfEven(value: number): Cents {
  const floor = Math.floor(value);
  const diff = value - floor;
  if (diff > 0.5) return floor + 1;
  if (diff < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}
