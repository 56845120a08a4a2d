import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';
import { replaceSessionToken } from '@/lib/session';
import { fieldBinder } from '@/lib/forms';
import { changePassword } from '../api';
import { PASSWORD_RULE, submitChecked, validatePassword, type Errors } from '../lib/validation';
import type { PasswordInput } from '../types';
import { PasswordField } from './PasswordField';

const EMPTY: PasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors<PasswordInput>>({});
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: ({ message, token }) => {
      // Every other device is signed out; this one continues with the new session's token.
      if (token) replaceSessionToken(token);
      notify.success(message || 'Password changed successfully');
      setForm(EMPTY);
    },
    onError: (err) => notify.error(errorMessage(err, 'Failed to change password')),
  });

  function submit(e: FormEvent) {
    if (submitChecked(e, validatePassword(form), setErrors)) mutation.mutate(form);
  }

  const bind = fieldBinder(form, setForm, errors);
  const field = (key: keyof PasswordInput, label: string, autoComplete: string, hint?: string) => (
    <PasswordField
      id={`password-${key}`}
      label={label}
      autoComplete={autoComplete}
      {...bind(key)}
      helperText={errors[key] ?? hint}
      required
      fullWidth
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Change Password
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Changing it signs you out on every other device.
      </Typography>
      <Box component="form" noValidate onSubmit={submit} aria-label="Change password" sx={{ display: 'grid', gap: 2 }}>
        {field('currentPassword', 'Current password', 'current-password')}
        {field('newPassword', 'New password', 'new-password', PASSWORD_RULE)}
        {field('confirmPassword', 'Confirm new password', 'new-password')}
        <Box>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            Change Password
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
