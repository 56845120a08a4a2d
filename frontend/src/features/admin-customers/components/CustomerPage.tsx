import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import { AdminPageHeader } from '@/components/AdminPageHeader';
import { EmptyState } from '@/components/EmptyState';
import { PageLoader } from '@/components/PageLoader';
import { RetryAlert } from '@/components/RetryAlert';
import { RouterLink } from '@/components/RouterLink';
import { ApiError } from '@/lib/api';
import { formatMoney } from '@/lib/money';
import { useCustomer } from '../api';
import { customerName, formatDay, orderLink, statusTone } from '../lib/format';
import { orderNumber, shortOrderId } from '@/lib/order-number';

const ORDERS_PER_PAGE = 10;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography fontWeight={700}>{value}</Typography>
    </Box>
  );
}

/** One customer: contact, figures and their orders (newest first, paged), each linking to the order. */
export function CustomerPage({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const detail = useCustomer(id, page, ORDERS_PER_PAGE);
  const back = (
    <Button component={RouterLink} to="/admin/customers" startIcon={<ArrowBackIcon />}>
      All customers
    </Button>
  );
  if (detail.isPending) return <PageLoader label="Loading the customer" />;
  if (detail.isError && !detail.data) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <>
        {back}
        {missing ? (
          <EmptyState title="Customer not found" text="This customer does not exist (or is a staff account)." />
        ) : (
          <RetryAlert onRetry={() => detail.refetch()}>Failed to fetch the customer</RetryAlert>
        )}
      </>
    );
  }
  const { customer, orders } = detail.data.data;
  const total = detail.data.pagination.totalItems;
  return (
    <>
      {back}
      <AdminPageHeader title={customerName(customer)} subtitle={[customer.email, customer.mobile].filter(Boolean).join(' · ')} />
      <Paper variant="outlined" sx={{ p: 2, mb: 3, display: 'flex', gap: 3, flexWrap: 'wrap' }} aria-label="Figures">
        <Figure label="Orders" value={String(customer.orderCount)} />
        <Figure label="Total spent" value={formatMoney(customer.totalSpent)} />
        <Figure label="Last order" value={formatDay(customer.lastOrderAt)} />
        <Figure label="Customer since" value={formatDay(customer.joinedAt)} />
      </Paper>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Orders
      </Typography>
      {orders.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState icon={<ReceiptIcon />} title="No orders yet" text="This customer has not placed an order." />
        </Paper>
      ) : (
        <Stack spacing={1.5} component="ul" aria-label="Orders of this customer" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {orders.map((o) => (
            <Card key={o.id} component="li" variant="outlined">
              <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', '&:last-child': { pb: 2 } }}>
                <Link component={RouterLink} to={orderLink(o.id)} sx={{ fontFamily: 'monospace', fontWeight: 700 }} aria-label={`Order ${shortOrderId(o.id)}`}>
                  #{orderNumber(o.id)}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {formatDay(o.orderDate || o.createdAt)}
                </Typography>
                <Chip size="small" color={statusTone(o.deliveryStatus)} label={o.deliveryStatus} />
                <Typography fontWeight={700} sx={{ ml: 'auto' }}>
                  {formatMoney(o.orderTotal)}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
      {total > ORDERS_PER_PAGE && (
        <TablePagination
          component="div"
          count={total}
          page={page - 1}
          rowsPerPage={ORDERS_PER_PAGE}
          rowsPerPageOptions={[ORDERS_PER_PAGE]}
          onPageChange={(_, p) => setPage(p + 1)}
        />
      )}
    </>
  );
}
