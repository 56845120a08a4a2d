import type { DeliveryStatus } from '../types';

export const DELIVERY_STATUSES: DeliveryStatus[] = ['PENDING', 'SHIPPED', 'DELIVERED', 'CANCELED'];

export const ORDER_MESSAGES = {
  fetchFailed: 'Failed to fetch orders',
  updated: (status: string) => `Status updated to ${status}`,
} as const;

/** Order ID as the table shows it: its first 8 characters. */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}

export function statusTone(status: string): 'warning' | 'info' | 'success' | 'error' | 'default' {
  switch (status) {
    case 'PENDING':
      return 'warning';
    case 'SHIPPED':
      return 'info';
    case 'DELIVERED':
      return 'success';
    case 'CANCELED':
      return 'error';
    default:
      return 'default';
  }
}

export function formatOrderDate(iso: string | null | undefined, withTime = false): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return withTime
    ? d.toLocaleString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })
    : d.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
}

export function paymentMethodLabel(method: string): string {
  return method === 'COD' ? 'Cash on Delivery' : method;
}
