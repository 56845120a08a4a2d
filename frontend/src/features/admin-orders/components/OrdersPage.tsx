import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import { FilterBar } from '@/components/FilterBar';
import { indiaDay } from '@/lib/india';
import { AdminPageHeader } from '@/components/AdminPageHeader';
import { DateRangeFields } from '@/components/DateRangeFields';
import { OptionSelect } from '@/components/OptionSelect';
import { SearchField } from '@/components/SearchField';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyState } from '@/components/EmptyState';
import { ListTable } from '@/components/ListViews';
import { PageLoader } from '@/components/PageLoader';
import { RetryAlert } from '@/components/RetryAlert';
import { serverMessage } from '@/lib/api';
import { formatMoney } from '@/lib/money';
import { dayParam, useListParams } from '@/lib/list-params';
import { notify } from '@/lib/notify';
import { downloadOrdersCsv, useBulkUpdateStatus, useOrders, useUpdateOrderStatus, type OrderListParams } from '../api';
import { download, ordersCsv } from '../lib/csv';
import {
  DELIVERY_STATUSES,
  ORDER_MESSAGES,
  confirmationFor,
  formatOrderDate,
  orderNumber,
  paymentMethodLabel,
  shortOrderId,
  statusTone,
} from '../lib/format';
import type { AdminOrder, DeliveryStatus, OrderSort, StatusCounts } from '../types';
import { OrderDetailsDialog } from './OrderDetailsDialog';

const PAGE_SIZES = [20, 50, 100];
const SORTS: { value: OrderSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'total_desc', label: 'Highest total' },
  { value: 'total_asc', label: 'Lowest total' },
];
const TABS: { value: DeliveryStatus | 'ALL'; label: string; count: keyof StatusCounts }[] = [
  { value: 'ALL', label: 'All', count: 'all' },
  { value: 'PENDING', label: 'Pending', count: 'pending' },
  { value: 'SHIPPED', label: 'Shipped', count: 'shipped' },
  { value: 'DELIVERED', label: 'Delivered', count: 'delivered' },
  { value: 'CANCELED', label: 'Canceled', count: 'canceled' },
];
function isStatus(value: string | null): value is DeliveryStatus {
  return value !== null && (DELIVERY_STATUSES as string[]).includes(value);
}

/** The list's filters live in the address, so a dashboard figure can link to them. */
const LIST_PARAMS = {
  read: (search: URLSearchParams) => {
    const status = search.get('status');
    const sort = search.get('sort');
    return {
      status: isStatus(status) ? status : undefined,
      q: search.get('q') ?? undefined,
      from: dayParam(search, 'from'),
      to: dayParam(search, 'to'),
      sort: SORTS.some((s) => s.value === sort) ? (sort as OrderSort) : 'newest',
    };
  },
  write: (next: OrderListParams) => ({
    status: next.status,
    q: next.q,
    from: next.from,
    to: next.to,
    sort: next.sort !== 'newest' ? next.sort : undefined,
  }),
  sizes: PAGE_SIZES,
};

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

function customerName(o: AdminOrder): string {
  return [o.user?.firstName, o.user?.lastName].filter(Boolean).join(' ') || '—';
}

interface PendingChange {
  orders: AdminOrder[];
  to: DeliveryStatus;
  question: string;
  bulk: boolean;
}

/**
 * Orders, filtered and paged by the server: search, status tabs with counts, a date range,
 * sorting; status changes (confirmed first when they cancel or go back), bulk changes of the
 * selected orders, CSV export and the details of one order.
 */
export function OrdersPage({ onChanged }: { onChanged?: () => void }) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [params, setParams] = useListParams<OrderListParams>(LIST_PARAMS);
  const orders = useOrders(params);
  const update = useUpdateOrderStatus(onChanged);
  const bulk = useBulkUpdateStatus(onChanged);
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const [viewing, setViewing] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    if (orders.isError) notify.error(ORDER_MESSAGES.fetchFailed);
  }, [orders.isError, orders.errorUpdatedAt]);

  // A new filter or page starts a new selection.
  const listKey = JSON.stringify(params);
  useEffect(() => setSelected(new Set()), [listKey]);

  const list = orders.data?.data ?? [];
  const counts = orders.data?.counts;
  const total = orders.data?.pagination.totalItems ?? 0;
  const open = list.find((o) => o.id === viewing) ?? null;
  const chosen = list.filter((o) => selected.has(o.id));

  function markBusy(ids: string[], on: boolean) {
    setBusy((b) => {
      const next = new Set(b);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }

  function applyOne(order: AdminOrder, status: DeliveryStatus) {
    markBusy([order.id], true);
    update.mutate(
      { id: order.id, deliveryStatus: status, expectedStatus: order.deliveryStatus },
      {
        onSuccess: (res) => notify.success(ORDER_MESSAGES.updated(res?.data?.deliveryStatus ?? status)),
        onError: (err) => notify.error(serverMessage(err, ORDER_MESSAGES.updateFailed)),
        onSettled: () => markBusy([order.id], false),
      },
    );
  }

  function applyBulk(targets: AdminOrder[], status: DeliveryStatus) {
    const ids = targets.map((o) => o.id);
    markBusy(ids, true);
    bulk.mutate(
      { ids, deliveryStatus: status, expectedStatuses: Object.fromEntries(targets.map((o) => [o.id, o.deliveryStatus])) },
      {
        onSuccess: (res) => {
          const refused = (res?.data ?? []).filter((r) => !r.order);
          if (refused.length === 0) notify.success(res.message);
          else
            notify.error(
              `${res.message}: ${refused.map((r) => `#${orderNumber(r.orderId)} ${r.error?.message ?? ''}`.trim()).join('; ')}`,
            );
          setSelected(new Set(refused.map((r) => r.orderId)));
        },
        onError: (err) => notify.error(serverMessage(err, ORDER_MESSAGES.updateFailed)),
        onSettled: () => markBusy(ids, false),
      },
    );
  }

  function changeStatus(order: AdminOrder, status: DeliveryStatus) {
    if (status === order.deliveryStatus) return;
    const question = confirmationFor(order.deliveryStatus, status);
    if (question) setPending({ orders: [order], to: status, question, bulk: false });
    else applyOne(order, status);
  }

  function changeSelected(status: DeliveryStatus) {
    const backwards = chosen.filter((o) => confirmationFor(o.deliveryStatus, status) !== null);
    if (backwards.length > 0) {
      setPending({
        orders: chosen,
        to: status,
        bulk: true,
        question: `${backwards.length} of the ${chosen.length} selected orders would move back or be reopened as ${status}. Change all ${chosen.length}?`,
      });
    } else applyBulk(chosen, status);
  }

  async function exportCsv() {
    setExporting(true);
    try {
      // The selected orders are on the page already; every matching order is the server's
      // file (at 100,000 orders the browser could not hold them).
      if (chosen.length > 0) download(`orders-${indiaDay()}.csv`, ordersCsv(chosen));
      else await downloadOrdersCsv({ status: params.status, q: params.q, from: params.from, to: params.to }, `orders-${indiaDay()}.csv`);
    } catch (err) {
      notify.error(serverMessage(err, 'Failed to export orders'));
    } finally {
      setExporting(false);
    }
  }

  function toggle(id: string) {
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  const allChosen = list.length > 0 && chosen.length === list.length;
  const filtered = Boolean(params.q || params.from || params.to || params.status);

  let body;
  if (orders.isPending) body = <PageLoader label="Loading orders" />;
  else if (orders.isError && !orders.data) body = <RetryAlert onRetry={() => orders.refetch()}>{ORDER_MESSAGES.fetchFailed}</RetryAlert>;
  else if (list.length === 0)
    body = (
      <Paper variant="outlined">
        <EmptyState
          icon={<ReceiptIcon />}
          title="No orders found"
          text={filtered ? 'No order matches these filters.' : 'Orders placed by customers show up here.'}
        />
      </Paper>
    );
  else if (small)
    body = (
      <Stack spacing={2} component="ul" aria-label="Orders" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {list.map((o) => (
          <Card key={o.id} component="li" variant="outlined" aria-label={`Order ${shortOrderId(o.id)}`}>
            <CardContent>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                <Box sx={{ display: 'flex', alignItems: 'center' }}>
                  <Checkbox
                    checked={selected.has(o.id)}
                    onChange={() => toggle(o.id)}
                    slotProps={{ input: { 'aria-label': `Select order ${shortOrderId(o.id)}` } }}
                  />
                  <Typography fontWeight={700}>#{orderNumber(o.id)}</Typography>
                </Box>
                <Chip size="small" color={statusTone(o.deliveryStatus)} label={o.deliveryStatus} />
              </Box>
              <Typography>{customerName(o)}</Typography>
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
      <ListTable
        label="Orders"
        columns={['Order ID', 'Customer', 'Total', 'Payment', 'Status', 'Date', { label: 'Actions', align: 'right' }]}
        lead={
          <TableCell padding="checkbox">
            <Checkbox
              checked={allChosen}
              indeterminate={chosen.length > 0 && !allChosen}
              onChange={() => setSelected(allChosen ? new Set() : new Set(list.map((o) => o.id)))}
              slotProps={{ input: { 'aria-label': 'Select every order on this page' } }}
            />
          </TableCell>
        }
      >
        {list.map((o) => (
          <TableRow key={o.id} hover selected={selected.has(o.id)}>
            <TableCell padding="checkbox">
              <Checkbox
                checked={selected.has(o.id)}
                onChange={() => toggle(o.id)}
                slotProps={{ input: { 'aria-label': `Select order ${shortOrderId(o.id)}` } }}
              />
            </TableCell>
            <TableCell sx={{ fontFamily: 'monospace' }}>{orderNumber(o.id)}</TableCell>
            <TableCell>
              <Typography variant="body2">{customerName(o)}</Typography>
              <Typography variant="caption" color="text.secondary">
                {o.user?.email}
              </Typography>
            </TableCell>
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
      </ListTable>
    );

  return (
    <>
      <AdminPageHeader title="Orders" subtitle={`${total.toLocaleString('en-IN')} ${total === 1 ? 'order' : 'orders'}`} />
      <FilterBar label="Filter orders">
        <SearchField
          type="search"
          label="Search orders"
          placeholder="Order number, name, e-mail or phone"
          value={params.q}
          onSearch={(q) => setParams({ q })}
          sx={{ minWidth: { xs: '100%', sm: 320 } }}
        />
        <DateRangeFields from={params.from} to={params.to} onChange={setParams} />
        <OptionSelect label="Sort" value={params.sort ?? 'newest'} options={SORTS} onChange={(sort) => setParams({ sort })} minWidth={160} />
        {filtered && (
          <Button onClick={() => setParams({ status: undefined, q: undefined, from: undefined, to: undefined })}>
            Clear filters
          </Button>
        )}
      </FilterBar>
      <Tabs
        value={params.status ?? 'ALL'}
        onChange={(_, value: DeliveryStatus | 'ALL') => setParams({ status: value === 'ALL' ? undefined : value })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Order status"
        sx={{ mb: 2 }}
      >
        {TABS.map((t) => (
          <Tab key={t.value} value={t.value} label={counts ? `${t.label} (${counts[t.count].toLocaleString('en-IN')})` : t.label} />
        ))}
      </Tabs>
      <Box
        role="toolbar"
        aria-label="Selected orders"
        sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2, minHeight: 40 }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
          {chosen.length > 0 ? `${chosen.length} selected` : 'Select orders to change them together'}
        </Typography>
        <Button size="small" variant="outlined" disabled={chosen.length === 0 || bulk.isPending} onClick={() => changeSelected('SHIPPED')}>
          Mark shipped
        </Button>
        <Button size="small" variant="outlined" disabled={chosen.length === 0 || bulk.isPending} onClick={() => changeSelected('DELIVERED')}>
          Mark delivered
        </Button>
        <Button size="small" disabled={exporting || total === 0} onClick={() => void exportCsv()}>
          {chosen.length > 0 ? 'Export selected (CSV)' : 'Export all matching (CSV)'}
        </Button>
      </Box>
      {body}
      {total > 0 && (
        <TablePagination
          component="div"
          count={total}
          page={Math.max(0, params.page - 1)}
          rowsPerPage={params.limit}
          rowsPerPageOptions={small ? [] : PAGE_SIZES}
          onPageChange={(_, page) => setParams({ ...params, page: page + 1 })}
          onRowsPerPageChange={(e) => setParams({ limit: Number(e.target.value) })}
          labelRowsPerPage="Orders per page"
          sx={{ overflowX: 'auto' }}
        />
      )}
      {open && <OrderDetailsDialog order={open} onClose={() => setViewing(null)} />}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.bulk ? 'Change the selected orders?' : 'Change this order?'}
        text={pending?.question ?? ''}
        confirmLabel={pending ? `Yes, mark ${pending.to}` : 'Yes'}
        cancelLabel="Keep as it is"
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          if (pending.bulk) applyBulk(pending.orders, pending.to);
          else applyOne(pending.orders[0], pending.to);
          setPending(null);
        }}
      />
    </>
  );
}
