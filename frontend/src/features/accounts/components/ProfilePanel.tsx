import { useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@/lib/api-types';
import { notify } from '@/lib/notify';
import { updateSessionUser, useSession } from '@/lib/session';
import { fieldBinder } from '@/lib/forms';
import { accountKeys, meQuery, updateProfile } from '../api';
import { submitChecked, validateProfile, type Errors } from '../lib/validation';
import type { ProfileInput } from '../types';

function toInput(u: User | null | undefined): ProfileInput {
  return {
    firstName: u?.firstName ?? '',
    lastName: u?.lastName ?? '',
    username: u?.username ?? '',
    mobile: u?.mobile ?? '',
    dob: (u?.dob ?? '').slice(0, 10),
  };
}

/** Profile: view mode, Edit Profile, then save or cancel. The e-mail cannot be edited. */
export function ProfilePanel() {
  const sessionUser = useSession((s) => s.user);
  const qc = useQueryClient();
  const me = useQuery(meQuery());
  const user = me.data ?? sessionUser;
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<ProfileInput>(() => toInput(user));
  const [errors, setErrors] = useState<Errors<ProfileInput>>({});

  useEffect(() => {
    if (me.isError) notify.error('Failed to load user data');
  }, [me.isError]);

  useEffect(() => {
    if (!editing) setForm(toInput(user));
  }, [user, editing]);

  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user: updated }) => {
      updateSessionUser(updated);
      qc.setQueryData(accountKeys.me, updated);
      notify.success('Profile updated!');
      setEditing(false);
    },
    onError: () => notify.error('Update failed!'),
  });

  function submit(e: FormEvent) {
    if (submitChecked(e, validateProfile(form), setErrors)) save.mutate(form);
  }

  const bind = fieldBinder(form, setForm, errors);
  const field = (key: keyof ProfileInput, label: string, extra: Partial<React.ComponentProps<typeof TextField>> = {}) => (
    <TextField
      id={`profile-${key}`}
      label={label}
      {...bind(key)}
      slotProps={{ input: { readOnly: !editing } }}
      fullWidth
      {...extra}
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          Account Details
        </Typography>
        {!editing && (
          <Button variant="contained" onClick={() => setEditing(true)}>
            Edit Profile
          </Button>
        )}
      </Box>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-label="Profile"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        {field('firstName', 'First name', { required: true })}
        {field('lastName', 'Last name', { required: true })}
        {field('username', 'Username', { required: true })}
        <TextField
          id="profile-email"
          label="Email"
          value={user?.email ?? ''}
          slotProps={{ input: { readOnly: true } }}
          disabled={editing}
          helperText={editing ? 'Email cannot be changed' : undefined}
          fullWidth
        />
        {field('mobile', 'Mobile', { slotProps: { input: { readOnly: !editing }, htmlInput: { inputMode: 'tel', maxLength: 16, autoComplete: 'tel' } } })}
        {field('dob', 'Date of birth', { type: 'date', slotProps: { input: { readOnly: !editing }, inputLabel: { shrink: true } } })}
        {editing && (
          <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1 }}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              Save
            </Button>
            <Button
              type="button"
              onClick={() => {
                setEditing(false);
                setErrors({});
                setForm(toInput(user));
              }}
            >
              Cancel
            </Button>
          </Box>
        )}
      </Box>
    </Paper>
  );
}
