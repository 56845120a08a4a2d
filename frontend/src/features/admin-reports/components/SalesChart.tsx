import { BarChart } from '@mui/x-charts/BarChart';
import { formatMoney } from '@/lib/money';
import type { DaySales } from '../api';

function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** Orders per day (bars) for the last 30 days; the tooltip adds the day's revenue. Its own lazy chunk. */
export default function SalesChart({ days }: { days: DaySales[] }) {
  return (
    <BarChart
      height={260}
      dataset={days.map((d) => ({ date: dayLabel(d.date), orders: d.orders, revenue: d.revenue }))}
      xAxis={[{ scaleType: 'band', dataKey: 'date', tickLabelInterval: (_, i) => i % 5 === 4 }]}
      yAxis={[{ tickMinStep: 1 }]}
      series={[
        {
          dataKey: 'orders',
          label: 'Orders',
          valueFormatter: (value, { dataIndex }) => `${value ?? 0} · ${formatMoney(days[dataIndex]?.revenue ?? 0)}`,
        },
      ]}
      hideLegend
      margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
    />
  );
}
