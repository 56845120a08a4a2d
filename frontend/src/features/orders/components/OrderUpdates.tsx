import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDate, statusLabel } from '../lib/status';
import type { Order } from '../types';

type Change = NonNullable<Order['history']>[number];

/** "Order placed", then the new status of each later change ("Shipped", "Cancelled"). */
function what(change: Change): string {
  return change.from ? statusLabel(change.to) : 'Order placed';
}

/**
 * Who changed the order and when. The server names people by role for a customer:
 * "You" for the customer's own changes, "Shop" for the shop's.
 */
export function OrderUpdates({ history }: { history: Order['history'] }) {
  if (!history || history.length === 0) return null;
  return (
    <Box component="section" aria-label="Order updates" sx={{ mt: 1.5 }}>
      <Typography variant="body2" component="h3" sx={{ fontWeight: 600 }}>
        Order updates
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
        {history.map((change, i) => (
          <Typography component="li" variant="body2" color="text.secondary" key={`${change.changedAt}-${i}`}>
            {what(change)}
            {change.changedBy ? ` by ${change.changedBy}` : ''} · {formatDate(change.changedAt)}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
