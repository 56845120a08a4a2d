import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PageLoader } from '@/components/PageLoader';
import { RetryAlert } from '@/components/RetryAlert';
import { ApiError } from '@/lib/api';
import { isAdmin, updateSessionUser, useSession } from '@/lib/session';
import { openLogin } from '@/lib/ui';
import { accountKeys, fetchMe } from '@/features/accounts/api';

let signingOut = false;

/** Admin logout: the guard lets this one go to the storefront without the sign-in prompt. */
export function markAdminSignOut(): void {
  signingOut = true;
}

/**
 * The back office only renders for an admin: the stored role must be ADMIN and a fresh GET /auth/me must
 * agree. A guest or a customer goes to the storefront home with the sign-in prompt open; nothing of the
 * admin area (and none of its requests) runs before the check passes.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  const storedAdmin = isAdmin(session);
  const me = useQuery({
    queryKey: accountKeys.me,
    queryFn: fetchMe,
    enabled: storedAdmin,
    staleTime: 0,
    retry: false,
  });
  const refusedByServer =
    (me.error instanceof ApiError && (me.error.status === 401 || me.error.status === 403)) ||
    (me.data !== undefined && me.data.userType !== 'ADMIN');
  const refused = !storedAdmin || refusedByServer;
  const confirmed = !refused && me.isFetchedAfterMount && me.data?.userType === 'ADMIN';
  const redirected = useRef(false);

  useEffect(() => {
    if (!refused || redirected.current) return;
    redirected.current = true;
    // The server knows better than the stored role: correct it.
    if (me.data && me.data.userType !== 'ADMIN' && session.token) updateSessionUser(me.data);
    if (!signingOut) openLogin(null);
    signingOut = false;
    navigate('/', { replace: true });
  }, [refused, me.data, session.token, navigate]);

  useEffect(
    () => () => {
      signingOut = false;
    },
    [],
  );

  if (refused) return null;
  if (me.isError) {
    return (
      <Box sx={{ p: 4 }}>
        <RetryAlert onRetry={() => me.refetch()}>Could not check your account. Please try again.</RetryAlert>
      </Box>
    );
  }
  if (!confirmed) return <PageLoader label="Checking your account" />;
  return <>{children}</>;
}
