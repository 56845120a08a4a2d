import { useParams } from 'react-router';
import { CustomersPage } from '@/features/admin-customers/components/CustomersPage';
import { CustomerPage } from '@/features/admin-customers/components/CustomerPage';
import { useDocumentTitle } from '@/lib/title';

export function Component() {
  const { id } = useParams();
  useDocumentTitle(id ? 'Customer' : 'Customers');
  return id ? <CustomerPage key={id} id={id} /> : <CustomersPage />;
}
