import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/title';
import { AccountDashboard } from '@/features/accounts/components/AccountDashboard';

export function Component() {
  usePageTitle('accountDashboard');
  const user = useSession((s) => s.user);
  return <AccountDashboard name={user?.username ?? ''} />;
}
