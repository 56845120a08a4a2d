import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';

interface Props {
  /** Loads again what failed (a query's `refetch`). */
  onRetry: () => void;
  title?: ReactNode;
  children: ReactNode;
}

/** A load that failed: what went wrong and a Retry button (the same on every page). */
export function RetryAlert({ onRetry, title, children }: Props) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {title && <AlertTitle>{title}</AlertTitle>}
      {children}
    </Alert>
  );
}
