import { Suspense, lazy, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { RouterLink } from '@/components/RouterLink';
import { RetryAlert } from '@/components/RetryAlert';
import { formatMoney } from '@/lib/money';
import type { Summary } from '../api';

// The chart library is only ever downloaded by the dashboard, after its figures.
const SalesChart = lazy(() => import('./SalesChart'));

function Figure({ label, value, to, hint }: { label: string; value: ReactNode; to: string; hint?: string }) {
  return (
    <Card variant="outlined" component="section" aria-label={label}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
            {value}
          </Typography>
          {hint && (
            <Typography variant="caption" color="text.secondary">
              {hint}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

interface Props {
  summary: Summary | undefined;
  failed: boolean;
  onRetry: () => void;
}

/** Today's orders and revenue, the 30-day chart, orders to ship and stock warnings; each links to its list. */
export function DashboardFigures({ summary, failed, onRetry }: Props) {
  if (failed && !summary) return <RetryAlert onRetry={onRetry}>Failed to load the shop's figures</RetryAlert>;
  if (!summary)
    return <Skeleton variant="rounded" height={120} aria-label="Loading the shop's figures" sx={{ mb: 3 }} />;
  const today = summary.today.date;
  const last = summary.days;
  const first = last[0]?.date ?? today;
  const monthOrders = last.reduce((n, d) => n + d.orders, 0);
  const monthRevenue = last.reduce((n, d) => n + d.revenue, 0);
  return (
    <Box sx={{ mb: 3 }}>
      <Box
        sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' } }}
      >
        <Figure label="Today's orders" value={summary.today.orders.toLocaleString('en-IN')} to={`/admin/order?from=${today}&to=${today}`} />
        <Figure label="Today's revenue" value={formatMoney(summary.today.revenue)} to={`/admin/order?from=${today}&to=${today}`} hint="Cancelled orders not counted" />
        <Figure label="Waiting to ship" value={summary.pendingOrders.toLocaleString('en-IN')} to="/admin/order?status=PENDING" />
        <Figure
          label="Low stock"
          value={summary.lowStockVariants.toLocaleString('en-IN')}
          to="/admin/product?stock=low"
          hint={`Variants with 1 to ${summary.lowStockMax} left`}
        />
        <Figure label="Out of stock" value={summary.outOfStockVariants.toLocaleString('en-IN')} to="/admin/product?stock=out" hint="Variants" />
      </Box>
      <Card variant="outlined" component="section" aria-label="Last 30 days">
        <CardActionArea component={RouterLink} to={`/admin/order?from=${first}&to=${today}`}>
          <CardContent>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
              Last 30 days
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {monthOrders.toLocaleString('en-IN')} {monthOrders === 1 ? 'order' : 'orders'} · {formatMoney(monthRevenue)}
            </Typography>
          </CardContent>
        </CardActionArea>
        <Box sx={{ px: 1, pb: 1 }}>
          <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
            <SalesChart days={last} />
          </Suspense>
        </Box>
      </Card>
    </Box>
  );
}
