import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyState } from '@/components/EmptyState';
import { PageLoader } from '@/components/PageLoader';
import { PLACEHOLDER_IMAGE } from '@/lib/images';
import { formatAddress } from '@/lib/address';
import { formatMoney } from '@/lib/money';
import { notify } from '@/lib/notify';
import { serverMessage } from '@/lib/api';
import { TaxDocumentButtons } from '@/components/TaxDocumentButtons';
import type { ReturnRequest } from '@/lib/api-types';
import { useCancelOrder, useMyOrders } from '../api';
import { useMyReturns, useWithdrawReturn } from '../api/returns';
import { canReturn, deliveredLate, DROPPED, piecesLeft, RETURN_STATUS_LABELS, returnWindowCloses } from '../lib/returns';
import { canCancel, formatDate, statusColor, statusLabel } from '../lib/status';
import type { Order, OrderItem } from '../types';
import { OrderUpdates } from './OrderUpdates';
import { ReturnDialog } from './ReturnDialog';
import { orderNumber, shortOrderId } from '@/lib/order-number';

/** The order's return and exchange requests with their status; one not yet picked up can be withdrawn. */
function OrderReturns({ returns, onWithdraw }: { returns: ReturnRequest[]; onWithdraw: (r: ReturnRequest) => void }) {
  if (returns.length === 0) return null;
  return (
    <Box component="section" aria-label="Returns and exchanges" sx={{ mt: 1.5 }}>
      <Typography variant="subtitle2" component="h3">
        Returns and exchanges
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
        {returns.map((r) => {
          const note = [...r.history].reverse().find((h) => h.note)?.note;
          const kind = r.kind === 'EXCHANGE' ? 'exchange' : 'return';
          return (
            <Box component="li" key={r.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip size="small" label={RETURN_STATUS_LABELS[r.status] ?? r.statusLabel} color={DROPPED.has(r.status) ? 'default' : 'info'} />
              <Typography variant="body2">
                {r.kind === 'EXCHANGE' ? 'Exchange' : 'Return'}:{' '}
                {r.lines
                  .map((l) => `${l.productName} (size ${l.size}) × ${l.quantity}${l.exchangeSize ? ` → size ${l.exchangeSize}` : ''}`)
                  .join(', ')}
                {r.refund ? ` · refunded ${formatMoney(r.refund.amount)} to ${r.refund.account}` : ''}
                {note ? ` · ${note}` : ''}
              </Typography>
              <TaxDocumentButtons returnId={r.id} invoice={r.replacementInvoice} creditNote={r.creditNote} />
              {r.canWithdraw && (
                <Button size="small" color="error" onClick={() => onWithdraw(r)} aria-label={`Withdraw ${kind} request`}>
                  Withdraw
                </Button>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

function OrderCard({
  order,
  onCancel,
  returns,
  onReturn,
  onWithdraw,
}: {
  order: Order;
  onCancel: (o: Order) => void;
  returns: ReturnRequest[];
  onReturn: (order: Order, item: OrderItem, left: number) => void;
  onWithdraw: (r: ReturnRequest) => void;
}) {
  const a = order.address;
  const returnable = canReturn(order);
  return (
    <Card variant="outlined" component="article" aria-label={`Order ${shortOrderId(order.id)}`}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Box>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
              Order #{orderNumber(order.id)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Placed on {formatDate(order.orderDate || order.createdAt)}
            </Typography>
          </Box>
          <Chip label={statusLabel(order.deliveryStatus)} color={statusColor(order.deliveryStatus)} />
        </Box>
        <Divider sx={{ my: 1.5 }} />
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {order.items.map((item) => (
            <Box component="li" key={item.id} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
              <Box
                component="img"
                src={item.product.images?.[0]?.url || PLACEHOLDER_IMAGE}
                alt={item.product.name}
                width={56}
                height={70}
                loading="lazy"
                sx={{ width: 56, height: 70, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
              />
              <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.product.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  Size {item.product.variant.size}
                  {item.product.variant.color ? ` · ${item.product.variant.color}` : ''} · Qty {item.quantity}
                </Typography>
              </Box>
              <Box sx={{ textAlign: 'right' }}>
                <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{formatMoney(item.lineTotal)}</Typography>
                {returnable && piecesLeft(item, returns) > 0 && (
                  <Button size="small" onClick={() => onReturn(order, item, piecesLeft(item, returns))} aria-label={`Return or exchange ${item.product.name}`}>
                    Return or exchange
                  </Button>
                )}
              </Box>
            </Box>
          ))}
        </Box>
        <Divider sx={{ my: 1.5 }} />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              Deliver to: {formatAddress(a)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Payment: {order.paymentMethod === 'COD' ? 'Cash on Delivery' : order.paymentMethod}
              {order.deliveryStatus === 'DELIVERED' && order.deliveredOn
                ? ` · Delivered on ${formatDate(order.deliveredOn)}`
                : order.expectedDeliveryDate && order.deliveryStatus !== 'CANCELED'
                  ? ` · Expected by ${formatDate(order.expectedDeliveryDate)}`
                  : ''}
              {returnable ? ` · Returns until ${formatDate(`${returnWindowCloses(order)}T12:00:00+05:30`)}` : ''}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <Typography sx={{ fontWeight: 700 }}>Total {formatMoney(order.orderTotal)}</Typography>
            {canCancel(order.deliveryStatus) && (
              <Button color="error" variant="outlined" onClick={() => onCancel(order)}>
                Cancel Order
              </Button>
            )}
          </Box>
        </Box>
        <Box sx={{ mt: 1 }}>
          <TaxDocumentButtons orderId={order.id} invoice={order.invoice} creditNote={order.creditNote} />
        </Box>
        <OrderReturns returns={returns} onWithdraw={onWithdraw} />
        <OrderUpdates history={order.history} />
      </CardContent>
    </Card>
  );
}

/** Order history, newest first, with cancel of pending orders after a confirmation. */
export function OrderHistory() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useMyOrders(page);
  const orders = data?.data ?? [];
  const pages = data?.pagination.totalPages ?? 0;
  const cancel = useCancelOrder();
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const [toReturn, setToReturn] = useState<{ order: Order; item: OrderItem; left: number } | null>(null);
  const withdraw = useWithdrawReturn();
  const [toWithdraw, setToWithdraw] = useState<ReturnRequest | null>(null);
  const myReturns = useMyReturns(orders.some((o) => o.deliveryStatus === 'DELIVERED'));
  const returnsOf = (id: string) => (myReturns.data ?? []).filter((r) => r.orderId === id);

  useEffect(() => {
    if (isError) notify.error('Failed to fetch orders');
  }, [isError]);

  if (isLoading) return <PageLoader label="Loading orders" />;

  return (
    <Box>
      <Typography variant="h5" component="h1" gutterBottom>
        My Orders
      </Typography>
      {orders.length === 0 ? (
        <EmptyState
          icon={<ReceiptIcon />}
          title="No Orders Yet"
          text="When you place an order it will show up here."
          link={{ to: '/shop', label: 'Start Shopping' }}
        />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {orders.map((o) => (
            <OrderCard
              key={o.id}
              order={o}
              onCancel={setToCancel}
              returns={returnsOf(o.id)}
              onReturn={(order, item, left) => setToReturn({ order, item, left })}
              onWithdraw={setToWithdraw}
            />
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_, p) => {
            setPage(p);
            window.scrollTo({ top: 0 });
          }}
          sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
          aria-label="Order pages"
        />
      )}
      {toReturn && (
        <ReturnDialog
          orderId={toReturn.order.id}
          item={toReturn.item}
          maxQuantity={toReturn.left}
          late={deliveredLate(toReturn.order)}
          onClose={() => setToReturn(null)}
        />
      )}
      <ConfirmDialog
        open={toWithdraw !== null}
        title="Withdraw this request?"
        text="Nothing will be picked up. While the return window is open, you can ask again."
        confirmLabel="Yes, withdraw"
        cancelLabel="Keep request"
        busy={withdraw.isPending}
        onClose={() => setToWithdraw(null)}
        onConfirm={() => {
          if (!toWithdraw) return;
          withdraw.mutate(toWithdraw.id, {
            onSuccess: (answer) => notify.success(answer.message ?? 'Your request has been withdrawn'),
            onError: (err) => notify.error(serverMessage(err, 'Your request could not be withdrawn.')),
            onSettled: () => setToWithdraw(null),
          });
        }}
      />
      <ConfirmDialog
        open={toCancel !== null}
        title="Cancel this order?"
        text="Are you sure you want to cancel this order? This cannot be undone."
        confirmLabel="Yes, cancel order"
        cancelLabel="Keep order"
        busy={cancel.isPending}
        onClose={() => setToCancel(null)}
        onConfirm={() => {
          if (!toCancel) return;
          cancel.mutate(toCancel.id, {
            onSuccess: () => notify.success('Order cancelled successfully!'),
            onError: () => notify.error('Failed to cancel order.'),
            onSettled: () => setToCancel(null),
          });
        }}
      />
    </Box>
  );
}
