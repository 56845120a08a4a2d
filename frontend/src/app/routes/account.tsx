import { Outlet, useNavigate } from 'react-router';
import { AccountLayout } from '@/components/AccountLayout';
import { signOut } from '@/features/accounts/api';
import { useSession } from '@/lib/session';
import { RequireCustomer } from '../guards';

/** /myaccount: the account area with its sidebar; a logout from here goes to /login. */
export function Component() {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  return (
    <RequireCustomer guestText="Please sign in to see your account." adminText="This area is for customers">
      <AccountLayout
        greeting={`Hello, ${user?.firstName || user?.username || 'there'}`}
        onLogout={() => {
          // The stored session is cleared at once; the server ends the token meanwhile.
          void signOut();
          navigate('/login');
        }}
      >
        <Outlet />
      </AccountLayout>
    </RequireCustomer>
  );
}
