import { LoginDialog } from '@/features/accounts/components/LoginDialog';

export default LoginDialog;
