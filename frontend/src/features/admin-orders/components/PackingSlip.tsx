import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ColumnHead } from '@/components/ListViews';
import type { Company } from '@/lib/api-types';
import { formatMobile } from '@/lib/india';
import { formatMoney } from '@/lib/money';
import { useOrders } from '../api';
import { formatOrderDate, orderNumber, paymentMethodLabel } from '../lib/format';
import { DeliveryAddress } from './DeliveryAddress';

/** On paper only the slip: the back office around it (menu, buttons) is not printed. */
const printOnlyTheSlip = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body *': { visibility: 'hidden' },
        '#packing-slip, #packing-slip *': { visibility: 'visible' },
        '#packing-slip': { position: 'absolute', left: 0, top: 0, width: '100%' },
      },
    }}
  />
);

/**
 * The packing slip of one order, to print and put in the parcel: who it is from and for
 * (with the phone the courier calls), the pieces to pack, and the cash to collect on delivery.
 * The order is read by its full number through the order search; `company` is the sender.
 */
export function PackingSlip({ orderId, company }: { orderId: string; company: Company | null | undefined }) {
  const orders = useOrders({ page: 1, limit: 1, q: orderId });
  const order = orders.data?.data.find((o) => o.id === orderId);

  if (orders.isPending) return <CircularProgress aria-label="Loading the order" />;
  if (orders.isError) return <Alert severity="error">Failed to fetch orders</Alert>;
  if (!order) return <Alert severity="warning">There is no order {orderNumber(orderId)}.</Alert>;

  const pieces = order.items.reduce((n, item) => n + item.quantity, 0);
  const cancelled = order.deliveryStatus === 'CANCELED';
  const collect = !cancelled && order.paymentMethod === 'COD' && order.paymentStatus !== 'PAID';
  return (
    <Box>
      {printOnlyTheSlip}
      <Box sx={{ display: 'flex', gap: 1, mb: 2, displayPrint: 'none' }}>
        <Button variant="contained" onClick={() => window.print()}>
          Print
        </Button>
        <Button component={RouterLink} to="/admin/order">
          Back to orders
        </Button>
      </Box>
      <Box id="packing-slip" component="article" aria-labelledby="packing-slip-title" sx={{ maxWidth: 720, bgcolor: 'background.paper', p: 3 }}>
        <Typography id="packing-slip-title" variant="h5" component="h2">
          Packing slip · Order #{orderNumber(order.id)}
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          Placed {formatOrderDate(order.orderDate || order.createdAt)} · {paymentMethodLabel(order.paymentMethod)}
        </Typography>
        {cancelled && (
          // Printed too: a packer holding the slip must not send the parcel out.
          <Alert severity="error" sx={{ my: 1, fontWeight: 700 }}>
            This order is cancelled: do not ship it.
          </Alert>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, my: 2 }}>
          <Box component="section" aria-label="Ship to">
            <Typography variant="subtitle2" component="h3">
              Ship to
            </Typography>
            <DeliveryAddress address={order.address} recipient={[order.user?.firstName, order.user?.lastName].filter(Boolean).join(' ')} />
          </Box>
          <Box component="section" aria-label="From">
            <Typography variant="subtitle2" component="h3">
              From
            </Typography>
            <Typography>
              {company?.legalName || company?.name}
              {(company?.address || company?.pincode) && (
                <>
                  <br />
                  {[company.address, company.pincode].filter(Boolean).join(' ')}
                </>
              )}
              {company?.phone && (
                <>
                  <br />
                  Phone: {formatMobile(company.phone)}
                </>
              )}
            </Typography>
          </Box>
        </Box>
        <Table size="small" aria-label="Pieces to pack">
          <ColumnHead columns={['Item', 'Size', 'Colour', { label: 'Qty', align: 'right' }]} />
          <TableBody>
            {order.items.map((item) => (
              <TableRow key={item.id}>
                <TableCell>{item.product.name}</TableCell>
                <TableCell>{item.product.variant?.size ?? '—'}</TableCell>
                <TableCell>{item.product.variant?.color ?? '—'}</TableCell>
                <TableCell align="right">{item.quantity}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography sx={{ mt: 2 }}>
          {pieces} {pieces === 1 ? 'piece' : 'pieces'} in all.
        </Typography>
        <Typography fontWeight={700}>
          {cancelled
            ? 'Cancelled: nothing to collect.'
            : collect
              ? `Collect ${formatMoney(order.orderTotal)} in cash on delivery.`
              : 'Paid: nothing to collect on delivery.'}
        </Typography>
      </Box>
    </Box>
  );
}
