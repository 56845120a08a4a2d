import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface Props {
  open: boolean;
  title: string;
  text: string;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  busy = false,
  onConfirm,
  onClose,
}: Props) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="confirm-title" aria-describedby="confirm-text">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The question before a back-office delete: `thing` is what is deleted (a category), `name` which one. */
export function ConfirmDelete({ thing, name, busy, onConfirm, onClose }: { thing: string; name: string | undefined; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <ConfirmDialog
      open={name !== undefined}
      title={`Delete ${thing}`}
      text={name !== undefined ? `Are you sure you want to delete ${name}? This action cannot be undone.` : ''}
      confirmLabel="Delete"
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
