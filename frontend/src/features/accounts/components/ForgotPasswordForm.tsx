import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@/lib/api';
import { requestPasswordReset } from '../api';
import { validateForgot } from '../lib/validation';
import { AuthForm, FormSwitch } from './AuthForm';

interface Props {
  onBackToSignIn: () => void;
}

/** 'Forgot password?': asks for the account's e-mail and sends a reset link. The answer is
 * the same whether or not an account has the address. */
export function ForgotPasswordForm({ onBackToSignIn }: Props) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateForgot(email);
    setError(found);
    if (found) return;
    setBusy(true);
    setFailure(null);
    try {
      const message = await requestPasswordReset(email);
      setSent(message || 'If an account uses this email address, we have sent it a link to reset the password.');
    } catch (err) {
      setFailure(errorMessage(err, 'The reset link could not be requested. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthForm onSubmit={submit} label="Forgot password">
      {sent ? (
        <Alert severity="success" role="status">
          {sent}
        </Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            Enter the email address of your account and we will send you a link to choose a new password.
          </Typography>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={Boolean(error)}
            helperText={error}
            required
          />
          {failure && <Alert severity="error">{failure}</Alert>}
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            Send reset link
          </Button>
        </>
      )}
      <FormSwitch label="Back to sign in" onClick={onBackToSignIn} />
    </AuthForm>
  );
}
