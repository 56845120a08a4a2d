import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';
import { deleteAccount } from '../api';
import { PasswordField } from './PasswordField';

interface Props {
  /** Called once the account is gone and this device is signed out. */
  onDeleted: () => void;
}

const WHAT_HAPPENS =
  'Your name, e-mail address, mobile number, date of birth, addresses, cart and wishlist are erased, and you are signed out everywhere. ' +
  'Your orders stay with the shop for its tax records, as the law requires.';

/**
 * 'Delete my account' (Digital Personal Data Protection Act, 2023, section 12): the password is
 * asked again; a refusal (an order on its way, a return under way) is shown in the dialog.
 */
export function DeleteAccount({ onDeleted }: Props) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function close() {
    if (busy) return;
    setOpen(false);
    setPassword('');
    setFieldError(null);
    setRefusal(null);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!password) {
      setFieldError('Please enter your password');
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const message = await deleteAccount(password);
      notify.success(message ?? 'Your account has been deleted');
      setOpen(false);
      onDeleted();
    } catch (err) {
      setRefusal(errorMessage(err, 'Could not delete the account'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-label="Delete account" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560, mt: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Delete your account
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {WHAT_HAPPENS}
      </Typography>
      <Box>
        <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </Box>
      <Dialog open={open} onClose={close} aria-labelledby="delete-account-title" aria-describedby="delete-account-text">
        <Box component="form" noValidate onSubmit={submit}>
          <DialogTitle id="delete-account-title">Delete your account?</DialogTitle>
          <DialogContent>
            <DialogContentText id="delete-account-text" sx={{ mb: 2 }}>
              {WHAT_HAPPENS} This cannot be undone.
            </DialogContentText>
            {refusal && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {refusal}
              </Alert>
            )}
            <PasswordField
              label="Password"
              autoComplete="current-password"
              fullWidth
              autoFocus
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setFieldError(null);
              }}
              error={Boolean(fieldError)}
              helperText={fieldError ?? 'Your password, to confirm it is you'}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={busy}>
              Keep my account
            </Button>
            <Button type="submit" color="error" variant="contained" disabled={busy}>
              Delete for good
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Paper>
  );
}
