import { usePageTitle } from '@/lib/title';
import { AddressBook } from '@/features/accounts/components/AddressBook';

export function Component() {
  usePageTitle('accountAddresses');
  return <AddressBook />;
}
