import Container from '@mui/material/Container';
import { useNavigate, useSearchParams } from 'react-router';
import { ResetPasswordForm } from '@/features/accounts/components/ResetPasswordForm';
import { usePageTitle } from '@/lib/title';
import { openLogin } from '@/lib/ui';

/** /reset-password?token=...: where the e-mailed reset link leads. */
export function Component() {
  usePageTitle('resetPassword');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <ResetPasswordForm
        token={params.get('token') ?? ''}
        onSignIn={() => navigate('/login')}
        onRequestNewLink={() => openLogin(null, 'forgot')}
      />
    </Container>
  );
}
