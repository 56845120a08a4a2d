import { usePageTitle } from '@/lib/title';
import { OrderHistory } from '@/features/orders/components/OrderHistory';

export function Component() {
  usePageTitle('accountOrders');
  return <OrderHistory />;
}
