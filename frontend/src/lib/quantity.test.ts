import { describe, expect, it } from 'vitest';
import { canDecrement, canIncrement, clampQuantity } from './quantity';
import { compareSizes, sortBySize } from './sizes';

describe('quantity bounds', () => {
  it('cannot go below 1', () => {
    expect(canDecrement(1)).toBe(false);
    expect(canDecrement(2)).toBe(true);
  });

  it('cannot exceed the stock', () => {
    expect(canIncrement(4, 5)).toBe(true);
    expect(canIncrement(5, 5)).toBe(false);
    expect(canIncrement(1, 0)).toBe(false);
  });

  it('clamps a wanted quantity into 1..stock', () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(-3, 5)).toBe(1);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(3.7, 5)).toBe(3);
    expect(clampQuantity(2, 0)).toBe(1);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
  });
});

describe('sizes', () => {
  it('sorts letter sizes as worn, then numbers, then the rest', () => {
    const sizes = ['XL', 'Free', 'S', '42', 'M', '38', 'XS', 'L'].map((size) => ({ size }));
    expect(sortBySize(sizes).map((s) => s.size)).toEqual(['XS', 'S', 'M', 'L', 'XL', '38', '42', 'Free']);
    expect(compareSizes('m', 'L')).toBeLessThan(0);
  });
});
