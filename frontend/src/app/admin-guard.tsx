import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/LockOutlined';
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

export const STAFF_ONLY = "This area is for the shop's staff";

/** What a signed-in customer sees at /admin: where they are and the way back, not a bare sign-in prompt. */
function StaffOnly() {
  const navigate = useNavigate();
  return (
    <Box component="main" id="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'grey.50' }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 480, textAlign: 'center' }}>
        <LockIcon color="action" sx={{ fontSize: 48, mb: 1 }} />
        <Typography variant="h4" component="h1" gutterBottom>
          {STAFF_ONLY}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          You are signed in with a customer account. The back office is where the shop's staff manage products and
          orders; your orders and details are in your account.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => navigate('/', { replace: true })}>
            Back to the shop
          </Button>
          <Button onClick={() => navigate('/account/dashboard')}>My account</Button>
        </Box>
      </Paper>
    </Box>
  );
}

/**
 * The back office only renders for an admin: the stored role must be ADMIN and a fresh GET /auth/me must
 * agree. A guest goes to the storefront home with the sign-in prompt open; a signed-in customer is told
 * that this area is for the shop's staff. Nothing of the admin area (and none of its requests) runs
 * before the check passes.
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
  // Signed in, but as a customer (by the stored role or the server's answer): no sign-in prompt.
  const customer =
    Boolean(session.token) && ((!storedAdmin && session.role === 'CUSTOMER') || (me.data !== undefined && me.data.userType !== 'ADMIN'));
  const confirmed = !refused && me.isFetchedAfterMount && me.data?.userType === 'ADMIN';
  const redirected = useRef(false);

  useEffect(() => {
    if (!refused || redirected.current) return;
    // The server knows better than the stored role: correct it.
    if (me.data && me.data.userType !== 'ADMIN' && session.token) updateSessionUser(me.data);
    if (customer) return;
    redirected.current = true;
    if (!signingOut) openLogin(null);
    signingOut = false;
    navigate('/', { replace: true });
  }, [refused, customer, me.data, session.token, navigate]);

  useEffect(
    () => () => {
      signingOut = false;
    },
    [],
  );

  if (refused && customer && !signingOut) return <StaffOnly />;
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
