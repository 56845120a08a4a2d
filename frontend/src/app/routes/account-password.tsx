import { useDocumentTitle } from '@/lib/title';
import { ChangePasswordForm } from '@/features/accounts/components/ChangePasswordForm';

export function Component() {
  useDocumentTitle('Change Password');
  return <ChangePasswordForm />;
}
