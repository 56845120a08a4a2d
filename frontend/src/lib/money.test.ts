import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

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
