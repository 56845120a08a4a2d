import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/title';
import { AccountDashboard } from '@/features/accounts/components/AccountDashboard';

export function Component() {
  useDocumentTitle('My Account');
  const user = useSession((s) => s.user);
  return <AccountDashboard name={user?.username ?? ''} />;
}
