import { usePageTitle } from '@/lib/title';
import { ProfilePanel } from '@/features/accounts/components/ProfilePanel';

export function Component() {
  usePageTitle('accountDetails');
  return <ProfilePanel />;
}
