import Chip from '@mui/material/Chip';
import { stockTone } from '../lib/variants';

const WORD = { success: 'in stock', warning: 'low stock', error: 'out of stock' } as const;

/** Yellow for 1 to 10 pieces, as docs/PRODUCT.md says (the theme's warning colour is orange), with dark text to stay readable. */
export const STOCK_YELLOW = '#FFD600';

/** Stock count coloured green above 10, yellow from 1 to 10, red at 0. */
export function StockBadge({ stock }: { stock: number }) {
  const tone = stockTone(stock);
  return (
    <Chip
      size="small"
      color={tone}
      label={stock}
      aria-label={`Stock ${stock}, ${WORD[tone]}`}
      data-tone={tone}
      sx={tone === 'warning' ? { bgcolor: STOCK_YELLOW, color: 'rgba(0, 0, 0, 0.87)' } : undefined}
    />
  );
}
