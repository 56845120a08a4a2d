import { useEffect, type ComponentType, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LockIcon from '@mui/icons-material/LockOutlined';
import { useLocation } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { isAdmin, useSession } from '@/lib/session';
import { usePageTitle, type PageName } from '@/lib/title';
import { openLogin } from '@/lib/ui';
import type { CustomerOnlyTexts } from './customer-only';

interface Props {
  /** Shown to a guest, e.g. 'Please login to add to cart'. */
  guestText: string;
  /** Shown to an admin when the screen is customer-only. */
  adminText?: string;
  children: ReactNode;
}

/** Screens for signed-in customers: a guest is asked to sign in (and comes back here after). */
export function RequireCustomer({ guestText, adminText, children }: Props) {
  const session = useSession();
  const location = useLocation();
  const loggedIn = session.token !== null;
  const target = location.pathname + location.search;

  useEffect(() => {
    if (!loggedIn) openLogin(target);
  }, [loggedIn, target]);

  if (!loggedIn) {
    return (
      <Container>
        <EmptyState
          icon={<LockIcon />}
          title="Sign in required"
          text={guestText}
          action={
            <Button variant="contained" onClick={() => openLogin(target)}>
              Sign In
            </Button>
          }
        />
      </Container>
    );
  }
  if (adminText && isAdmin(session)) {
    return (
      <Container>
        <EmptyState
          title={adminText}
          link={{ to: '/admin/dashboard', label: 'Go to Admin' }}
        />
      </Container>
    );
  }
  return <>{children}</>;
}

/** A route's screen (its lazy `Component`) for signed-in customers only, titled as the contract's page `page`. */
export function customerScreen(page: PageName, guard: CustomerOnlyTexts, Screen: ComponentType) {
  return function Component() {
    usePageTitle(page);
    return (
      <RequireCustomer {...guard}>
        <Screen />
      </RequireCustomer>
    );
  };
}
