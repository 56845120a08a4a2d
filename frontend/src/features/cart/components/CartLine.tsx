import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Link } from 'react-router';
import { PriceTag } from '@/components/PriceTag';
import { QuantityStepper } from '@/components/QuantityStepper';
import { busyButtonProps } from '@/components/busy-button';
import { PLACEHOLDER_IMAGE } from '@/lib/images';
import { formatMoney } from '@/lib/money';
import type { CartItem } from '../types';

interface Props {
  item: CartItem;
  readOnly?: boolean;
  busy?: boolean;
  onQuantity?: (item: CartItem, quantity: number) => void;
  onRemove?: (item: CartItem) => void;
  /** The line's Remove button, where the focus goes when the line above it is removed. */
  removeRef?: (button: HTMLButtonElement | null) => void;
}

/** One cart line: image, size, price, save badge, stepper, remove, line subtotal. */
export function CartLine({ item, readOnly = false, busy = false, onQuantity, onRemove, removeRef }: Props) {
  const { product } = item;
  const v = product.variant;
  const saving = item.lineDiscount;
  return (
    <Box
      component="li"
      aria-label={`${product.name}, size ${v.size}`}
      sx={{
        display: 'grid',
        gridTemplateColumns: readOnly ? '64px minmax(0,1fr) auto' : { xs: '80px minmax(0,1fr)', sm: '96px minmax(0,1fr) auto' },
        gap: 2,
        py: 2,
        borderBottom: 1,
        borderColor: 'divider',
        alignItems: 'start',
      }}
    >
      <Box
        component="img"
        src={product.images?.[0]?.url || PLACEHOLDER_IMAGE}
        alt={product.name}
        width={96}
        height={120}
        loading="lazy"
        sx={{ width: '100%', height: 'auto', aspectRatio: '4 / 5', objectFit: 'cover', borderRadius: 1 }}
      />
      <Box sx={{ minWidth: 0, display: 'grid', gap: 0.75 }}>
        <Typography
          component={Link}
          to={`/product/${encodeURIComponent(product.slug || product.id)}`}
          sx={{ fontWeight: 600, color: 'text.primary', textDecoration: 'none', overflowWrap: 'anywhere', '&:hover': { textDecoration: 'underline' } }}
        >
          {product.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Size: {v.size}
          {v.color ? ` · Colour: ${v.color}` : ''}
          {readOnly ? ` · Qty: ${item.quantity}` : ''}
        </Typography>
        {!readOnly && <PriceTag variant={v} showPercent={false} />}
        {!readOnly && saving > 0 && (
          <Box>
            <Chip size="small" color="success" variant="outlined" label={`Save ${formatMoney(saving)}`} />
          </Box>
        )}
        {!readOnly && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <QuantityStepper
              value={item.quantity}
              stock={v.stock}
              busy={busy}
              label={`Quantity of ${product.name}`}
              onChange={(q) => onQuantity?.(item, q)}
            />
            <IconButton ref={removeRef} aria-label={`Remove ${product.name} from cart`} {...busyButtonProps(busy, () => onRemove?.(item))}>
              <DeleteIcon />
            </IconButton>
          </Box>
        )}
      </Box>
      <Typography
        sx={{ fontWeight: 700, whiteSpace: 'nowrap', gridColumn: readOnly ? 'auto' : { xs: '2', sm: 'auto' } }}
        aria-label={`Line subtotal ${formatMoney(item.lineTotal)}`}
      >
        {formatMoney(item.lineTotal)}
      </Typography>
    </Box>
  );
}
