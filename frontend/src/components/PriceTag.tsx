import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatMoney, type PricedVariant } from '@/lib/money';

interface Props {
  variant: PricedVariant;
  size?: 'small' | 'large';
  showPercent?: boolean;
}

/** Selling price, struck-through MRP and percent off. */
export function PriceTag({ variant, size = 'small', showPercent = true }: Props) {
  const pct = variant.percentOff;
  const large = size === 'large';
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1 }}>
      <Typography component="span" sx={{ fontWeight: 700, fontSize: large ? '1.6rem' : '1rem' }}>
        {formatMoney(variant.originalPrice)}
      </Typography>
      {variant.discountPrice > 0 && (
        <Typography
          component="span"
          color="text.secondary"
          sx={{ textDecoration: 'line-through', fontSize: large ? '1.05rem' : '0.85rem' }}
        >
          <Box component="span" sx={visuallyHidden}>
            MRP{' '}
          </Box>
          {formatMoney(variant.mrp)}
        </Typography>
      )}
      {showPercent && pct > 0 && (
        <Typography component="span" color="success.main" sx={{ fontWeight: 600, fontSize: large ? '1rem' : '0.8rem' }}>
          {pct}% off
        </Typography>
      )}
    </Box>
  );
}

export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
