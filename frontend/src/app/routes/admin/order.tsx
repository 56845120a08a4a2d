import { useQueryClient } from '@tanstack/react-query';
import { OrdersPage } from '@/features/admin-orders/components/OrdersPage';
import { useBackOfficeTitle } from '@/lib/title';

export function Component() {
  useBackOfficeTitle('orders');
  const qc = useQueryClient();
  // A cancellation can give stock back: the storefront's product lists are read fresh afterwards.
  return <OrdersPage onChanged={() => void qc.invalidateQueries({ queryKey: ['products'] })} />;
}
