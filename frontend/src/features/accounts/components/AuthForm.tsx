import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

/** A form of the sign-in dialog: its fields in one column; the fields check themselves, not the browser. */
export function AuthForm({ onSubmit, label, children }: { onSubmit: (e: FormEvent) => void; label?: string; children: ReactNode }) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={label} sx={{ display: 'grid', gap: 2, pt: 1 }}>
      {children}
    </Box>
  );
}

/** The line under a form that switches to another one ("New here? Create an account"). */
export function FormSwitch({ prompt, label, onClick }: { prompt?: string; label: string; onClick: () => void }) {
  return (
    <Typography variant="body2" textAlign="center">
      {prompt && `${prompt} `}
      <Link component="button" type="button" onClick={onClick}>
        {label}
      </Link>
    </Typography>
  );
}
