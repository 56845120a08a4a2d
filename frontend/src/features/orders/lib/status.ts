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

export function statusColor(status: string): 'warning' | 'info' | 'success' | 'default' {
  switch (status) {
    case 'PENDING':
      return 'warning';
    case 'SHIPPED':
      return 'info';
    case 'DELIVERED':
      return 'success';
    default:
      return 'default';
  }
}

/** Only a pending order can be cancelled by the customer. */
export function canCancel(status: string): boolean {
  return status === 'PENDING';
}

export function placedMessage(emailSent: boolean): string {
  return emailSent ? 'Order placed successfully! Confirmation email sent' : 'Order placed, but confirmation email failed';
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
}
