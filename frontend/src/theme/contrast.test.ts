import { describe, expect, it } from 'vitest';
import { contrastRatio } from '@/lib/contrast';
import { theme } from './index';
import { READABLE } from './contrast';

describe('text colours the storefront shows on a coloured or white ground', () => {
  it.each(Object.entries(READABLE))('%s reaches 4.5:1 (WCAG AA)', (_name, pair) => {
    expect(contrastRatio(pair.text, pair.background)).toBeGreaterThanOrEqual(4.5);
  });

  it('the theme’s warning chip (the Pending status) is the checked pair', () => {
    expect(theme.palette.warning.main).toBe(READABLE.warningChip.background);
    expect(theme.palette.warning.contrastText).toBe(READABLE.warningChip.text);
  });
});
