import type { ReturnReason, ReturnRequest } from '@/lib/api-types';
import { indiaDay } from '@/lib/india';
import type { Order, OrderItem } from '../types';

/** India calendar days after the day of delivery on which a return may be asked for. */
export const RETURN_WINDOW_DAYS = 7;

export { RETURN_REASON_LABELS, RETURN_STATUS_LABELS } from '@/lib/order-status';


/** The last India day on which a delivered order can be returned, or null. */
export function returnWindowCloses(order: Pick<Order, 'deliveryStatus' | 'deliveredOn'>): string | null {
  if (order.deliveryStatus !== 'DELIVERED' || !order.deliveredOn) return null;
  const delivered = new Date(order.deliveredOn);
  if (Number.isNaN(delivered.getTime())) return null;
  const day = new Date(`${indiaDay(delivered)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + RETURN_WINDOW_DAYS);
  return day.toISOString().slice(0, 10);
}

/**
 * Delivered (India's day) after the expected delivery date the shop stated when it was placed:
 * the order may go back as 'Delivered late'. The server decides again.
 */
export function deliveredLate(order: Pick<Order, 'deliveredOn' | 'expectedDeliveryDate'>): boolean {
  if (!order.deliveredOn || !order.expectedDeliveryDate) return false;
  const delivered = new Date(order.deliveredOn);
  return !Number.isNaN(delivered.getTime()) && indiaDay(delivered) > order.expectedDeliveryDate;
}

/** Whether the order can still be returned today (the server decides again). */
export function canReturn(order: Pick<Order, 'deliveryStatus' | 'deliveredOn'>, now = new Date()): boolean {
  const closes = returnWindowCloses(order);
  return closes !== null && indiaDay(now) <= closes;
}

/** Requests that ended without the pieces going back: they may be asked for again. */
export const DROPPED: ReadonlySet<ReturnRequest['status']> = new Set(['REJECTED', 'WITHDRAWN']);

/** Pieces of an order line not yet in a request that was not rejected or withdrawn. */
export function piecesLeft(item: Pick<OrderItem, 'id' | 'quantity'>, returns: ReturnRequest[]): number {
  const asked = returns
    .filter((r) => !DROPPED.has(r.status))
    .flatMap((r) => r.lines)
    .filter((l) => l.orderItemId === item.id)
    .reduce((sum, l) => sum + l.quantity, 0);
  return Math.max(0, item.quantity - asked);
}

/**
 * The shop's fault: damaged or defective, not as described, or delivered late. A sale piece is
 * refunded only for these (the law forbids refusing it); otherwise it is exchange only. The
 * server decides again.
 */
export function isShopsFault(reason: ReturnReason | ''): boolean {
  return reason === 'DAMAGED_OR_DEFECTIVE' || reason === 'NOT_AS_DESCRIBED' || reason === 'DELIVERED_LATE';
}

/** A sale item (bought below its MRP): refunded only when it is the shop's fault, else exchanged. */
export function boughtOnSale(item: Pick<OrderItem, 'priceAtPurchase' | 'mrp'>): boolean {
  return item.mrp !== undefined && item.mrp > item.priceAtPurchase;
}
