/** Money in rupees: formatting (en-IN, ₹, 2 decimals) and the variant price model. */

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

/** Rounds to paise, avoiding binary floating-point drift in sums. */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function fromPaise(paise: number): number {
  return paise / 100;
}

export interface PricedVariant {
  /** What the shopper pays. */
  originalPrice: number;
  /** The saving. */
  discountPrice: number;
}

/** The struck-through price: what the shopper pays plus the saving. */
export function mrp(v: PricedVariant): number {
  return fromPaise(toPaise(v.originalPrice) + toPaise(Math.max(0, v.discountPrice)));
}

/** Percent off the MRP, rounded to a whole number; 0 when there is no saving. */
export function percentOff(v: PricedVariant): number {
  const total = mrp(v);
  if (total <= 0 || v.discountPrice <= 0) return 0;
  return Math.round((v.discountPrice / total) * 100);
}

export interface SummaryLine {
  quantity: number;
  variant: PricedVariant;
}

export interface PriceSummary {
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
}

/** Subtotal = Σ MRP×qty, Discount = Σ saving×qty, Tax 0, Total = Σ price×qty. */
export function priceSummary(lines: SummaryLine[]): PriceSummary {
  let subtotal = 0;
  let discount = 0;
  let total = 0;
  for (const line of lines) {
    const qty = Math.max(0, Math.floor(line.quantity));
    const pay = toPaise(line.variant.originalPrice);
    const save = toPaise(Math.max(0, line.variant.discountPrice));
    subtotal += (pay + save) * qty;
    discount += save * qty;
    total += pay * qty;
  }
  return { subtotal: fromPaise(subtotal), discount: fromPaise(discount), tax: 0, total: fromPaise(total) };
}

/** Lowest selling price among variants (for "from" prices), or null. */
export function lowestPrice<T extends PricedVariant>(variants: T[]): T | null {
  let best: T | null = null;
  for (const v of variants) if (!best || v.originalPrice < best.originalPrice) best = v;
  return best;
}
