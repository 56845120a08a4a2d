import { queryOptions } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api';

/** Under the admin orders' key: an order's status change reads the figures again too. */
export const summaryKey = ['me', 'admin', 'orders', 'summary'] as const;

/** One India calendar day: orders placed (cancelled ones left out) and their revenue in rupees. */
export interface DaySales {
  date: string;
  orders: number;
  revenue: number;
}

export interface Summary {
  today: DaySales;
  /** The last 30 days, oldest first, today last. */
  days: DaySales[];
  pendingOrders: number;
  lowStockVariants: number;
  outOfStockVariants: number;
  lowStockMax: number;
}

export async function fetchSummary(): Promise<Summary> {
  const body = await api.get<Envelope<Summary>>('/reports/summary');
  return body.data;
}

export const summaryQuery = () => queryOptions({ queryKey: summaryKey, queryFn: fetchSummary, staleTime: 0 });
