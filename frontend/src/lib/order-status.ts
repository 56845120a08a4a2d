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
