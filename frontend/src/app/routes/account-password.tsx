import { useNavigate } from 'react-router';
import { useDocumentTitle } from '@/lib/title';
import { ChangePasswordForm } from '@/features/accounts/components/ChangePasswordForm';
import { SignOutEverywhere } from '@/features/accounts/components/SignOutEverywhere';

export function Component() {
  useDocumentTitle('Change Password');
  const navigate = useNavigate();
  return (
    <>
      <ChangePasswordForm />
      <SignOutEverywhere onSignedOut={() => navigate('/login')} />
    </>
  );
}
