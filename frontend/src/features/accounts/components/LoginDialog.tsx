import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { errorMessage, fieldError } from '@/lib/api';
import { fieldBinder } from '@/lib/forms';
import type { User } from '@/lib/api-types';
import { notify } from '@/lib/notify';
import { signIn } from '@/lib/session';
import type { LoginMode } from '@/lib/ui';
import { login, register, type AuthResult } from '../api';
import { PASSWORD_RULE, submitChecked, validateLogin, validateRegister, type Errors } from '../lib/validation';
import type { LoginInput, RegisterInput } from '../types';
import { AuthForm, FormSwitch } from './AuthForm';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { PasswordField } from './PasswordField';

interface Props {
  open: boolean;
  mode: LoginMode;
  onModeChange: (mode: LoginMode) => void;
  onClose: () => void;
  /** Called after the session is stored. */
  onAuthenticated: (user: User) => void;
}

const EMPTY_LOGIN: LoginInput = { identifier: '', password: '' };
const EMPTY_REGISTER: RegisterInput = { username: '', email: '', password: '', confirmPassword: '' };
const LOGIN_FIELDS = ['identifier', 'password'] as const;
const REGISTER_FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;

/** Why the server refused an attempt of one form, and the field of that form it names, if any. */
interface Refusal {
  mode: LoginMode;
  message: string;
  field: string | null;
}

/** The form's own errors, with the server's message on the field it names (the form's own first). */
function withRefusal<T>(errors: Errors<T>, refusal: Refusal | null, mode: LoginMode): Errors<T> {
  if (!refusal || refusal.mode !== mode || !refusal.field) return errors;
  return { [refusal.field]: refusal.message, ...errors };
}

export function LoginDialog({ open, mode, onModeChange, onClose, onAuthenticated }: Props) {
  const [loginForm, setLoginForm] = useState(EMPTY_LOGIN);
  const [registerForm, setRegisterForm] = useState(EMPTY_REGISTER);
  const [loginErrors, setLoginErrors] = useState<Errors<LoginInput>>({});
  const [registerErrors, setRegisterErrors] = useState<Errors<RegisterInput>>({});
  const [busy, setBusy] = useState(false);
  /** The server's answer to the last refused attempt: shown in the dialog (the notice outside it is
   * hidden from screen readers while the dialog is open) until the next attempt or an edit. */
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  /** The error notices of this dialog's refused attempts, taken away when one succeeds. */
  const failures = useRef<number[]>([]);
  const content = useRef<HTMLDivElement>(null);
  const editLogin = (next: LoginInput) => {
    setRefusal(null);
    setLoginForm(next);
  };
  const editRegister = (next: RegisterInput) => {
    setRefusal(null);
    setRegisterForm(next);
  };
  const registerShown = withRefusal(registerErrors, refusal, 'register');
  const bindLogin = fieldBinder(loginForm, editLogin, withRefusal(loginErrors, refusal, 'login'));
  const bindRegister = fieldBinder(registerForm, editRegister, registerShown);

  useEffect(() => {
    if (!open) {
      setLoginErrors({});
      setRegisterErrors({});
      setRefusal(null);
      setLoginForm((f) => ({ ...f, password: '' }));
      setRegisterForm(EMPTY_REGISTER);
    }
  }, [open]);

  // A form switched to (Create an account, Sign in, Forgot password?) starts at its first field,
  // not at the dialog: the link that was pressed is gone with the form it was in.
  useEffect(() => {
    if (open) content.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [open, mode]);

  /** Sends the sign-in or registration, then signs in with its answer (the server's own message
   * first); a success takes away the error notices of the earlier refused attempts. */
  async function authenticate(
    send: () => Promise<AuthResult>,
    welcome: (user: User) => string,
    failure: string,
    fields: readonly string[],
  ) {
    setBusy(true);
    setRefusal(null);
    try {
      const result = await send();
      signIn(result.token, result.user);
      failures.current.forEach((id) => notify.dismiss(id));
      failures.current = [];
      notify.success(result.message || welcome(result.user));
      return result.user;
    } catch (err) {
      const message = errorMessage(err, failure);
      setRefusal({ mode, message, field: fieldError(err, fields) });
      failures.current.push(notify.error(message));
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function submitLogin(e: FormEvent) {
    if (!submitChecked(e, validateLogin(loginForm), setLoginErrors)) return;
    const user = await authenticate(() => login(loginForm), (u) => `Welcome back, ${u.username}!`, 'Login failed', LOGIN_FIELDS);
    if (!user) return;
    setLoginForm(EMPTY_LOGIN);
    onAuthenticated(user);
  }

  async function submitRegister(e: FormEvent) {
    if (!submitChecked(e, validateRegister(registerForm), setRegisterErrors)) return;
    const user = await authenticate(() => register(registerForm), () => 'Account created successfully', 'Registration failed', REGISTER_FIELDS);
    if (user) onAuthenticated(user);
  }

  const isLogin = mode === 'login';
  const title = mode === 'forgot' ? 'Forgot Password' : isLogin ? 'Sign In' : 'Create Account';
  const refused = refusal && refusal.mode === mode && (
    <Alert severity="error" role="alert">
      {refusal.message}
    </Alert>
  );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="auth-title">
      <DialogTitle id="auth-title" sx={{ pr: 6 }}>
        {title}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent ref={content}>
        {mode === 'forgot' ? (
          <ForgotPasswordForm onBackToSignIn={() => onModeChange('login')} />
        ) : isLogin ? (
          <AuthForm onSubmit={submitLogin}>
            {refused}
            <TextField
              label="Email or username"
              {...bindLogin('identifier')}
              autoComplete="username"
              autoFocus
              required
            />
            <PasswordField
              label="Password"
              {...bindLogin('password')}
              autoComplete="current-password"
              required
            />
            <Typography variant="body2" textAlign="right" sx={{ mt: -1 }}>
              <Link component="button" type="button" onClick={() => onModeChange('forgot')}>
                Forgot password?
              </Link>
            </Typography>
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              Sign In
            </Button>
            <FormSwitch prompt="New here?" label="Create an account" onClick={() => onModeChange('register')} />
          </AuthForm>
        ) : (
          <AuthForm onSubmit={submitRegister}>
            {refused}
            <TextField
              label="Username"
              {...bindRegister('username')}
              autoComplete="username"
              autoFocus
              required
            />
            <TextField
              label="Email"
              {...bindRegister('email')}
              type="email"
              autoComplete="email"
              required
            />
            <PasswordField
              label="Password"
              {...bindRegister('password')}
              autoComplete="new-password"
              helperText={registerShown.password ?? PASSWORD_RULE}
              required
            />
            <PasswordField
              label="Confirm password"
              {...bindRegister('confirmPassword')}
              autoComplete="new-password"
              required
            />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              Create Account
            </Button>
            <FormSwitch prompt="Already have an account?" label="Sign in" onClick={() => onModeChange('login')} />
          </AuthForm>
        )}
      </DialogContent>
    </Dialog>
  );
}
