/**
 * Money in rupees, formatted for people (en-IN, ₹, 2 decimals). Formatting only: every
 * figure (MRP, percent off, line amounts, cart and order totals) comes computed from the
 * server, where the one price rule lives (`kernel::price`).
 */

// Made on first use: building a number format loads locale data, which would otherwise cost
// every page's start-up (the home page's first screen shows no price).
let inr: Intl.NumberFormat | null = null;

/** `1299.5` → `₹1,299.50`; `100000` → `₹1,00,000.00`. */
export function formatMoney(rupees: number | null | undefined): string {
  const value = typeof rupees === 'number' && Number.isFinite(rupees) ? rupees : 0;
  inr ??= new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return inr.format(value);
}

/** A variant's price as the server sends it. */
export interface PricedVariant {
  /** What the shopper pays. */
  originalPrice: number;
  /** The saving against the MRP. */
  discountPrice: number;
  /** The struck-through price. */
  mrp: number;
  /** The saving as a whole percentage of the MRP; 0 without a saving. */
  percentOff: number;
}
