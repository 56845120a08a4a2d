/** A cart quantity runs from 1 up to the variant's stock: minus stops at 1, plus at the stock. */

export function canDecrement(quantity: number): boolean {
  return quantity > 1;
}

export function canIncrement(quantity: number, stock: number): boolean {
  return quantity < stock;
}

/** Keeps a wanted quantity within 1..stock (at least 1 even when stock is 0). */
export function clampQuantity(quantity: number, stock: number): number {
  const max = Math.max(1, Math.floor(stock));
  const q = Number.isFinite(quantity) ? Math.floor(quantity) : 1;
  return Math.min(max, Math.max(1, q));
}
