import { statusTone } from '@/lib/order-status';
import type { DeliveryStatus } from '../types';

/** Customer labels of the delivery states. */
export const STATUS_LABELS: Record<DeliveryStatus, string> = {
  PENDING: 'Pending',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELED: 'Cancelled',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as DeliveryStatus] ?? status;
}

/** A customer's chip colour: the back office's, but a cancelled order is grey rather than red. */
export function statusColor(status: string) {
  return status === 'CANCELED' ? 'default' : statusTone(status);
}

/** Only a pending order can be cancelled by the customer. */
export function canCancel(status: string): boolean {
  return status === 'PENDING';
}

/**
 * What the shopper is told once the order is placed. A repeat of a try whose answer was lost
 * (`created` false) cannot know how the first try's confirmation e-mail went: it claims nothing.
 */
export function placedNotice({ created, emailSent }: { created: boolean; emailSent: boolean }): { tone: 'success' | 'warning'; text: string } {
  if (!created) return { tone: 'success', text: 'Order placed successfully!' };
  return emailSent
    ? { tone: 'success', text: 'Order placed successfully! Confirmation email sent' }
    : { tone: 'warning', text: 'Order placed, but confirmation email failed' };
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
}
