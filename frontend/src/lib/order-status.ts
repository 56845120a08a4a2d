import type { ReturnReason, ReturnStatus } from '@/lib/api-types';

/** The chip colour of an order's delivery status, the same on every back-office screen. */
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

/** A return request's status as every screen names it, in the order a request goes through them. */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  REQUESTED: 'Requested',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  WITHDRAWN: 'Withdrawn',
  PICKED_UP: 'Picked up',
  RECEIVED: 'Received',
  REFUNDED: 'Refunded',
  EXCHANGE_SHIPPED: 'Exchange shipped',
};

/** Why a return request's pieces go back, as the shopper's form and the back office name it. */
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  SIZE_TOO_SMALL: 'Size too small',
  SIZE_TOO_LARGE: 'Size too large',
  DAMAGED_OR_DEFECTIVE: 'Damaged or defective',
  NOT_AS_DESCRIBED: 'Not as described',
  CHANGED_MY_MIND: 'Changed my mind',
  // Offered only for an order delivered after its expected date (`deliveredLate`).
  DELIVERED_LATE: 'Delivered late',
};
