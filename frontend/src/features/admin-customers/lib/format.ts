import type { Customer } from '../types';

export function customerName(c: Pick<Customer, 'firstName' | 'lastName'>): string {
  return [c.firstName, c.lastName].filter(Boolean).join(' ').trim() || '—';
}

export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return d.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
}

export { statusTone } from '@/lib/order-status';

/** Where the orders screen finds one order: its search by order number. */
export function orderLink(id: string): string {
  return `/admin/order?q=${encodeURIComponent(id)}`;
}
