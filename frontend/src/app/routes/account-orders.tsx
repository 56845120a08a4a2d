import { useDocumentTitle } from '@/lib/title';
import { OrderHistory } from '@/features/orders/components/OrderHistory';

export function Component() {
  useDocumentTitle('My Orders');
  return <OrderHistory />;
}
