import { useDocumentTitle } from '@/lib/title';
import { ProfilePanel } from '@/features/accounts/components/ProfilePanel';

export function Component() {
  useDocumentTitle('Account Details');
  return <ProfilePanel />;
}
