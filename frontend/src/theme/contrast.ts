/** Dark amber: the shop's warning colour (low stock, a pending order). MUI's own warning oranges
 * (#ed6c02, and warning.dark #e65100) reach only 3.1:1 and 3.8:1 against white. */
const CAUTION = '#b45309';

/**
 * Text colours on a coloured or white ground that must stay readable (axe found them below WCAG
 * AA before), as the components show them; theme/contrast.test.ts holds each pair to 4.5:1.
 */
export const READABLE = {
  /** A wishlist card's "N left" label, on the white card. */
  lowStock: { text: CAUTION, background: '#ffffff' },
  /** The theme's warning chip: the 'Pending' status of an order. */
  warningChip: { text: '#ffffff', background: CAUTION },
} as const;
