import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { RemovedLine } from '../types';

interface Props {
  lines: RemovedLine[];
  busy?: boolean;
  onDismiss: () => void;
}

/**
 * Names what the cart lost because the shop stopped selling it (a product deleted, a size
 * removed): without it the shopper only finds the line gone, or "Your cart is empty" at checkout.
 */
export function RemovedLinesNotice({ lines, busy, onDismiss }: Props) {
  if (lines.length === 0) return null;
  const one = lines.length === 1;
  return (
    <Alert
      severity="info"
      sx={{ mb: 3 }}
      action={
        <Button color="inherit" size="small" onClick={onDismiss} disabled={busy}>
          OK
        </Button>
      }
    >
      <AlertTitle>{one ? 'An item is no longer sold' : `${lines.length} items are no longer sold`}</AlertTitle>
      {one ? 'It was taken out of your cart:' : 'They were taken out of your cart:'}
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {lines.map((line, i) => (
          <li key={`${line.removedAt}-${i}`}>
            {line.productName} (size {line.size}, {line.color}) × {line.quantity}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
