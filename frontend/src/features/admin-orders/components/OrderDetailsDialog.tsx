import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { TaxDocumentButtons } from '@/components/TaxDocumentButtons';
import { formatMoney } from '@/lib/money';
import { PLACEHOLDER_IMAGE } from '@/lib/images';
import type { AdminOrder } from '../types';
import { formatOrderDate, orderNumber, paymentMethodLabel, statusTone } from '../lib/format';
import { DeliveryAddress } from './DeliveryAddress';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3" color="text.secondary" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Everything about one order: customer, date, address, items, total and the status history. */
export function OrderDetailsDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const name = [order.user?.firstName, order.user?.lastName].filter(Boolean).join(' ') || 'Unknown customer';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="order-details-title">
      <DialogTitle id="order-details-title">
        Order #{orderNumber(order.id)}{' '}
        <Chip size="small" color={statusTone(order.deliveryStatus)} label={order.deliveryStatus} sx={{ ml: 1 }} />
      </DialogTitle>
      <DialogContent dividers>
        <Section title="Customer">
          <Typography>{name}</Typography>
          <Typography color="text.secondary">{order.user?.email ?? '—'}</Typography>
        </Section>
        <Section title="Order date">
          <Typography>{formatOrderDate(order.orderDate || order.createdAt, true)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {paymentMethodLabel(order.paymentMethod)} · Payment {order.paymentStatus}
          </Typography>
        </Section>
        <Section title="Delivery address">
          <DeliveryAddress address={order.address} />
        </Section>
        <Section title="Items">
          <List dense disablePadding>
            {order.items.map((item) => (
              <ListItem key={item.id} disableGutters>
                <ListItemAvatar>
                  <Avatar variant="rounded" src={item.product.images?.[0]?.url ?? PLACEHOLDER_IMAGE} alt="" />
                </ListItemAvatar>
                {/* The price follows the text, on its own line when both do not fit (a phone), never over it. */}
                <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2 }}>
                  <ListItemText
                    sx={{ flex: '1 1 10rem', minWidth: 0 }}
                    primary={item.product.name}
                    secondary={[
                      item.product.variant?.size && `Size ${item.product.variant.size}`,
                      item.product.variant?.color,
                      `Qty ${item.quantity}`,
                      `${formatMoney(item.priceAtPurchase)} each`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                  <Typography sx={{ ml: 'auto', whiteSpace: 'nowrap' }}>{formatMoney(item.lineTotal)}</Typography>
                </Box>
              </ListItem>
            ))}
          </List>
          <Divider sx={{ my: 1 }} />
          <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
            <Typography fontWeight={700}>Total</Typography>
            <Typography fontWeight={700}>{formatMoney(order.orderTotal)}</Typography>
          </Box>
        </Section>
        <Section title="Status history">
          {order.history && order.history.length > 0 ? (
            <List dense disablePadding>
              {order.history.map((h, i) => (
                <ListItem key={`${h.changedAt}-${i}`} disableGutters>
                  <ListItemText
                    primary={h.from ? `${h.from} → ${h.to}` : h.to}
                    secondary={[formatOrderDate(h.changedAt, true), h.changedBy && `by ${h.changedBy}`].filter(Boolean).join(' ')}
                  />
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography color="text.secondary">No status changes yet</Typography>
          )}
        </Section>
      </DialogContent>
      <DialogActions>
        <Box sx={{ flexGrow: 1, pl: 1 }}>
          <TaxDocumentButtons orderId={order.id} invoice={order.invoice} creditNote={order.creditNote} />
        </Box>
        <Button component={RouterLink} to={`/admin/order/${encodeURIComponent(order.id)}/packing-slip`}>
          Packing slip
        </Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
