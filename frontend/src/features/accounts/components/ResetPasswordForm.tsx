import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ApiError, errorMessage } from '@/lib/api';
import { fieldBinder } from '@/lib/forms';
import { logout } from '@/lib/session';
import { resetLinkValid, resetPassword } from '../api';
import { PASSWORD_RULE, submitChecked, validateReset, type Errors, type ResetInput } from '../lib/validation';
import { PasswordField } from './PasswordField';

export const INVALID_LINK = 'This reset link is invalid or has expired';

interface Props {
  /** The token from the e-mailed link (`?token=`); empty when the link lost it. */
  token: string;
  /** After success: go and sign in with the new password. */
  onSignIn: () => void;
  /** The link is no good: ask for a new one. */
  onRequestNewLink: () => void;
}

const EMPTY: ResetInput = { newPassword: '', confirmPassword: '' };

/** The page a reset link opens: choose a new password, then sign in with it. */
export function ResetPasswordForm({ token, onSignIn, onRequestNewLink }: Props) {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors<ResetInput>>({});
  const [problem, setProblem] = useState<string | null>(token ? null : INVALID_LINK);
  const [linkDead, setLinkDead] = useState(!token);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const bind = fieldBinder(form, setForm, errors);

  // A used or expired link says so before a password is typed, not after.
  useEffect(() => {
    if (!token) return;
    let current = true;
    void resetLinkValid(token).then((valid) => {
      if (current && !valid) {
        setLinkDead(true);
        setProblem(INVALID_LINK);
      }
    });
    return () => {
      current = false;
    };
  }, [token]);

  async function submit(e: FormEvent) {
    if (!submitChecked(e, validateReset(form), setErrors)) return;
    setBusy(true);
    setProblem(null);
    try {
      const message = await resetPassword(token, form.newPassword);
      // Every session of the account has ended on the server: this browser's too.
      logout();
      setDone(message || 'Your password has been changed. Please sign in with your new password.');
    } catch (err) {
      const dead = err instanceof ApiError && err.code === 'invalid_reset_token';
      setLinkDead(dead);
      setProblem(errorMessage(err, 'The password could not be changed. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, width: '100%', maxWidth: 480, mx: 'auto' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Choose a new password
      </Typography>
      {done ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="success" role="status">
            {done}
          </Alert>
          <Button variant="contained" size="large" onClick={onSignIn}>
            Sign in with the new password
          </Button>
        </Box>
      ) : linkDead ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="error">{problem ?? INVALID_LINK}</Alert>
          <Button variant="contained" onClick={onRequestNewLink}>
            Send a new link
          </Button>
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={submit} aria-label="Reset password" sx={{ display: 'grid', gap: 2 }}>
          <PasswordField
            id="reset-new-password"
            label="New password"
            autoComplete="new-password"
            {...bind('newPassword')}
            helperText={errors.newPassword ?? PASSWORD_RULE}
            required
            fullWidth
          />
          <PasswordField
            id="reset-confirm-password"
            label="Confirm new password"
            autoComplete="new-password"
            {...bind('confirmPassword')}
            required
            fullWidth
          />
          {problem && <Alert severity="error">{problem}</Alert>}
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            Change Password
          </Button>
        </Box>
      )}
    </Paper>
  );
}
