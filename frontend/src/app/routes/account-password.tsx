import { useNavigate } from 'react-router';
import { usePageTitle } from '@/lib/title';
import { ChangePasswordForm } from '@/features/accounts/components/ChangePasswordForm';
import { SignOutEverywhere } from '@/features/accounts/components/SignOutEverywhere';
import { DeleteAccount } from '@/features/accounts/components/DeleteAccount';

export function Component() {
  usePageTitle('accountPassword');
  const navigate = useNavigate();
  return (
    <>
      <ChangePasswordForm />
      <SignOutEverywhere onSignedOut={() => navigate('/login')} />
      <DeleteAccount onDeleted={() => navigate('/')} />
    </>
  );
}
