import Papa from 'papaparse';
import type { AdminOrder } from '../types';
import { saveBlob } from '@/lib/download';
import { orderNumber } from '@/lib/order-number';

export const CSV_COLUMNS = [
  'Order',
  'Order ID',
  'Date',
  'Customer',
  'E-mail',
  'Status',
  'Payment',
  'Items',
  'Total (INR)',
  'Address',
  'City',
  'State',
  'PIN code',
] as const;

/**
 * The orders as CSV (RFC 4180, via papaparse). Cells a spreadsheet would run as a formula
 * (starting with =, +, -, @, tab or carriage return) are neutralised with a leading quote.
 * A byte-order mark lets Excel read the rupee sign and Indian names as UTF-8.
 */
export function ordersCsv(orders: AdminOrder[]): string {
  const rows = orders.map((o) => [
    orderNumber(o.id),
    o.id,
    o.orderDate || o.createdAt,
    [o.user?.firstName, o.user?.lastName].filter(Boolean).join(' '),
    o.user?.email ?? '',
    o.deliveryStatus,
    `${o.paymentMethod} ${o.paymentStatus}`,
    o.items.map((i) => `${i.quantity} x ${i.product.name} (${[i.product.variant?.size, i.product.variant?.color].filter(Boolean).join(', ')})`).join('; '),
    o.orderTotal.toFixed(2),
    [o.address?.addressLine1, o.address?.addressLine2].filter(Boolean).join(', '),
    o.address?.city ?? '',
    o.address?.state ?? '',
    o.address?.postalCode ?? '',
  ]);
  return '\uFEFF' + Papa.unparse({ fields: [...CSV_COLUMNS], data: rows }, { escapeFormulae: true, newline: '\r\n' });
}

/** Offers the text as a file download. */
export function download(filename: string, text: string) {
  saveBlob(filename, new Blob([text], { type: 'text/csv;charset=utf-8' }));
}
