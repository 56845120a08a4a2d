import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import { AdminPageHeader } from '@/components/AdminPageHeader';
import { EmptyState } from '@/components/EmptyState';
import { PageLoader } from '@/components/PageLoader';
import { RetryAlert } from '@/components/RetryAlert';
import { formatMoney } from '@/lib/money';
import { notify } from '@/lib/notify';
import { useAllOrders, useUpdateOrderStatus } from '../api';
import { DELIVERY_STATUSES, ORDER_MESSAGES, formatOrderDate, paymentMethodLabel, shortOrderId, statusTone } from '../lib/format';
import type { AdminOrder, DeliveryStatus } from '../types';
import { OrderDetailsDialog } from './OrderDetailsDialog';

function StatusSelect({ order, busy, onChange }: { order: AdminOrder; busy: boolean; onChange: (s: DeliveryStatus) => void }) {
  return (
    <TextField
      select
      size="small"
      label="Status"
      value={order.deliveryStatus}
      disabled={busy}
      onChange={(e) => onChange(e.target.value as DeliveryStatus)}
      slotProps={{ htmlInput: { 'aria-label': `Status of order ${shortOrderId(order.id)}` } }}
      sx={{ minWidth: 140 }}
    >
      {DELIVERY_STATUSES.map((s) => (
        <MenuItem key={s} value={s}>
          {s}
        </MenuItem>
      ))}
    </TextField>
  );
}

function Payment({ order }: { order: AdminOrder }) {
  return (
    <>
      <Typography variant="body2">{paymentMethodLabel(order.paymentMethod)}</Typography>
      <Typography variant="caption" color="text.secondary">
        {order.paymentStatus}
      </Typography>
    </>
  );
}

/** All orders, newest first: table on wide screens, cards on small ones; status changes and details. */
export function OrdersPage({ onChanged }: { onChanged?: () => void }) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const orders = useAllOrders();
  const update = useUpdateOrderStatus(onChanged);
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const [viewing, setViewing] = useState<string | null>(null);

  useEffect(() => {
    if (orders.isError) notify.error(ORDER_MESSAGES.fetchFailed);
  }, [orders.isError, orders.errorUpdatedAt]);

  function changeStatus(order: AdminOrder, status: DeliveryStatus) {
    if (status === order.deliveryStatus) return;
    setBusy((b) => new Set(b).add(order.id));
    update.mutate(
      { id: order.id, deliveryStatus: status },
      {
        onSuccess: (res) => notify.success(ORDER_MESSAGES.updated(res?.data?.deliveryStatus ?? status)),
        // A failed status update is only logged: the selector shows the stored status again.
        onError: (err) => console.error('Failed to update order status', err),
        onSettled: () =>
          setBusy((b) => {
            const next = new Set(b);
            next.delete(order.id);
            return next;
          }),
      },
    );
  }

  const list = orders.data ?? [];
  const open = list.find((o) => o.id === viewing) ?? null;

  let body;
  if (orders.isPending) body = <PageLoader label="Loading orders" />;
  else if (orders.isError)
    body = (
      <RetryAlert onRetry={() => orders.refetch()}>{ORDER_MESSAGES.fetchFailed}</RetryAlert>
    );
  else if (list.length === 0)
    body = (
      <Paper variant="outlined">
        <EmptyState icon={<ReceiptIcon />} title="No orders found" text="Orders placed by customers show up here." />
      </Paper>
    );
  else if (small)
    body = (
      <Stack spacing={2} component="ul" aria-label="Orders" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {list.map((o) => (
          <Card key={o.id} component="li" variant="outlined" aria-label={`Order ${shortOrderId(o.id)}`}>
            <CardContent>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                <Typography fontWeight={700}>#{shortOrderId(o.id)}</Typography>
                <Chip size="small" color={statusTone(o.deliveryStatus)} label={o.deliveryStatus} />
              </Box>
              <Typography>{o.user?.firstName ?? '—'}</Typography>
              <Typography variant="body2" color="text.secondary">
                {formatOrderDate(o.orderDate || o.createdAt)}
              </Typography>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', mt: 1 }}>
                <Box>
                  <Payment order={o} />
                </Box>
                <Typography fontWeight={700}>{formatMoney(o.orderTotal)}</Typography>
              </Box>
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
              <StatusSelect order={o} busy={busy.has(o.id)} onChange={(s) => changeStatus(o, s)} />
              <Button onClick={() => setViewing(o.id)} aria-label={`View details of order ${shortOrderId(o.id)}`}>
                View details
              </Button>
            </CardActions>
          </Card>
        ))}
      </Stack>
    );
  else
    body = (
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label="Orders">
          <TableHead>
            <TableRow>
              <TableCell>Order ID</TableCell>
              <TableCell>Customer</TableCell>
              <TableCell>Total</TableCell>
              <TableCell>Payment</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Date</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((o) => (
              <TableRow key={o.id} hover>
                <TableCell sx={{ fontFamily: 'monospace' }}>{shortOrderId(o.id)}</TableCell>
                <TableCell>{o.user?.firstName ?? '—'}</TableCell>
                <TableCell>{formatMoney(o.orderTotal)}</TableCell>
                <TableCell>
                  <Payment order={o} />
                </TableCell>
                <TableCell>
                  <Chip size="small" color={statusTone(o.deliveryStatus)} label={o.deliveryStatus} />
                </TableCell>
                <TableCell>{formatOrderDate(o.orderDate || o.createdAt)}</TableCell>
                <TableCell align="right">
                  <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', alignItems: 'center' }}>
                    <StatusSelect order={o} busy={busy.has(o.id)} onChange={(s) => changeStatus(o, s)} />
                    <Button onClick={() => setViewing(o.id)} aria-label={`View details of order ${shortOrderId(o.id)}`}>
                      View
                    </Button>
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );

  return (
    <>
      <AdminPageHeader title="Orders" subtitle="Newest first" />
      {body}
      {open && <OrderDetailsDialog order={open} onClose={() => setViewing(null)} />}
    </>
  );
}
