/** An order ID's first 8 characters, as they are searched and named to screen readers. */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}

/** The order number every screen, the CSV and the e-mails show (`#83C50C84` without the `#`):
 * the first 8 characters in capitals. The one place it is written. */
export function orderNumber(id: string): string {
  return shortOrderId(id).toUpperCase();
}
