import { useDocumentTitle } from '@/lib/title';
import { AddressBook } from '@/features/accounts/components/AddressBook';

export function Component() {
  useDocumentTitle('My Addresses');
  return <AddressBook />;
}
