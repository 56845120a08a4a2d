import type { DeliveryStatus } from '../types';

export const DELIVERY_STATUSES: DeliveryStatus[] = ['PENDING', 'SHIPPED', 'DELIVERED', 'CANCELED'];

export const ORDER_MESSAGES = {
  fetchFailed: 'Failed to fetch orders',
  updateFailed: 'Failed to update the order status',
  updated: (status: string) => `Status updated to ${status}`,
} as const;

export { orderNumber, shortOrderId } from '@/lib/order-number';

export { statusTone } from '@/lib/order-status';

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

/** Where a status stands on the way to the customer; CANCELED is off the way. */
const PROGRESS: Record<DeliveryStatus, number> = { PENDING: 0, SHIPPED: 1, DELIVERED: 2, CANCELED: 3 };

/**
 * A change the owner confirms first: cancelling, any step back (DELIVERED → SHIPPED, ...) and
 * reopening a cancelled order. Returns the question to ask, or null for a plain step forward.
 */
export function confirmationFor(from: DeliveryStatus, to: DeliveryStatus): string | null {
  if (from === to) return null;
  // A delivered order was paid at the door: cancelling it records no refund.
  if (to === 'CANCELED' && from === 'DELIVERED')
    return 'Cancel this delivered order? Its items go back into stock and its cash stops counting as received, but this pays the customer nothing back: a return records the refund.';
  if (to === 'CANCELED') return 'Cancel this order? Its items go back into stock.';
  if (from === 'CANCELED') return `Reopen this cancelled order as ${to}? Its items are taken from stock again.`;
  if (PROGRESS[to] < PROGRESS[from]) return `Move this order back from ${from} to ${to}?`;
  return null;
}
