import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast';

describe('WCAG contrast ratio', () => {
  it('runs from 1 (same colour) to 21 (black on white), whichever is the text', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('gives the known figures of common greys and MUI colours', () => {
    // #767676 is the lightest grey that reaches 4.5:1 on white; #777777 just misses it.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    // MUI's warning.dark as text on white: below AA.
    expect(contrastRatio('#e65100', '#ffffff')).toBeCloseTo(3.79, 2);
  });
});
