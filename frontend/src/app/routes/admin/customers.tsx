import { useParams } from 'react-router';
import { CustomersPage } from '@/features/admin-customers/components/CustomersPage';
import { CustomerPage } from '@/features/admin-customers/components/CustomerPage';
import { useBackOfficeTitle } from '@/lib/title';

export function Component() {
  const { id } = useParams();
  useBackOfficeTitle(id ? 'customer' : 'customers');
  return id ? <CustomerPage key={id} id={id} /> : <CustomersPage />;
}
