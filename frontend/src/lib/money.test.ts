import { describe, expect, it } from 'vitest';
import { formatMoney, lowestPrice, mrp, percentOff, priceSummary } from './money';

describe('formatMoney', () => {
  it('shows rupees with the ₹ sign, Indian digit grouping and two decimals', () => {
    expect(formatMoney(1299.5)).toBe('₹1,299.50');
    expect(formatMoney(100000)).toBe('₹1,00,000.00');
    expect(formatMoney(12345678.9)).toBe('₹1,23,45,678.90');
    expect(formatMoney(0)).toBe('₹0.00');
  });

  it('rounds to paise and treats missing values as zero', () => {
    expect(formatMoney(10.005 + 0.001)).toBe('₹10.01');
    expect(formatMoney(undefined)).toBe('₹0.00');
    expect(formatMoney(Number.NaN)).toBe('₹0.00');
  });
});

describe('variant price model', () => {
  const v = { originalPrice: 800, discountPrice: 200 };

  it('MRP is the price paid plus the saving', () => {
    expect(mrp(v)).toBe(1000);
    expect(mrp({ originalPrice: 1299.5, discountPrice: 200.25 })).toBe(1499.75);
  });

  it('percent off is the saving over the MRP, rounded', () => {
    expect(percentOff(v)).toBe(20);
    expect(percentOff({ originalPrice: 2, discountPrice: 1 })).toBe(33);
    expect(percentOff({ originalPrice: 1, discountPrice: 2 })).toBe(67);
    expect(percentOff({ originalPrice: 500, discountPrice: 0 })).toBe(0);
  });

  it('lowestPrice picks the cheapest variant', () => {
    expect(lowestPrice([{ originalPrice: 5, discountPrice: 0 }, { originalPrice: 3, discountPrice: 1 }])?.originalPrice).toBe(3);
    expect(lowestPrice([])).toBeNull();
  });
});

describe('priceSummary (cart and checkout)', () => {
  it('Subtotal = Σ MRP×qty, Discount = Σ saving×qty, Tax 0, Total = Σ price×qty', () => {
    const s = priceSummary([
      { quantity: 2, variant: { originalPrice: 800, discountPrice: 200 } },
      { quantity: 3, variant: { originalPrice: 0.1, discountPrice: 0.2 } },
    ]);
    expect(s).toEqual({ subtotal: 2000.9, discount: 400.6, tax: 0, total: 1600.3 });
    expect(s.subtotal - s.discount).toBeCloseTo(s.total, 10);
  });

  it('an empty cart sums to zero', () => {
    expect(priceSummary([])).toEqual({ subtotal: 0, discount: 0, tax: 0, total: 0 });
  });
});
