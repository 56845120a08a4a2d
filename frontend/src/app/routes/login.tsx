import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Navigate } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { isAdmin, useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/title';
import { openLogin } from '@/lib/ui';

/** /login: where an account-area logout lands; opens the sign-in dialog. */
export function Component() {
  usePageTitle('login');
  const session = useSession();
  const loggedIn = session.token !== null;
  useEffect(() => {
    if (!loggedIn) openLogin(null);
  }, [loggedIn]);
  if (loggedIn) return <Navigate to={isAdmin(session) ? '/admin/dashboard' : '/myaccount/dashboard'} replace />;
  return (
    <Container>
      <EmptyState
        title="You are signed out"
        text="Sign in to see your orders, addresses and account details."
        action={
          <Button variant="contained" onClick={() => openLogin(null)}>
            Sign In
          </Button>
        }
      />
    </Container>
  );
}
