import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';
import { signOutEverywhere } from '../api';

interface Props {
  /** Called once every session, this one included, has ended. */
  onSignedOut: () => void;
}

/** 'Sign out of all devices': ends every session of the account on the server. */
export function SignOutEverywhere({ onSignedOut }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await signOutEverywhere();
      notify.success('Signed out of all devices');
      onSignedOut();
    } catch (err) {
      notify.error(errorMessage(err, 'Could not sign out of all devices'));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-label="Devices" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560, mt: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Signed in somewhere else?
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Sign out on every phone, tablet and computer where your account is open, this one included.
      </Typography>
      <Box>
        <Button variant="outlined" color="error" onClick={() => setConfirming(true)} disabled={busy}>
          Sign out of all devices
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title="Sign out of all devices?"
        text="You will need to sign in again on every device, including this one."
        confirmLabel="Sign out everywhere"
        busy={busy}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
