import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

/** The buttons of a back-office form dialog: Cancel, and the submit button that says 'Saving…' while it saves. */
export function FormDialogActions({ onCancel, saving, label }: { onCancel: () => void; saving: boolean; label: string }) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" variant="contained" disabled={saving}>
        {saving ? 'Saving…' : label}
      </Button>
    </DialogActions>
  );
}
