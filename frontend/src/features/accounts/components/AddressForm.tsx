import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { fieldBinder } from '@/lib/forms';
import { digitsOnly, hasErrors, validateAddress, type Errors } from '../lib/validation';
import type { Address, AddressInput } from '../types';

export function toAddressInput(a: Address | null): AddressInput {
  return {
    addressLine1: a?.addressLine1 ?? '',
    addressLine2: a?.addressLine2 ?? '',
    city: a?.city ?? '',
    state: a?.state ?? '',
    postalCode: a?.postalCode ?? '',
    isDefault: a?.isDefault ?? false,
  };
}

interface Props {
  initial: Address | null;
  submitLabel: string;
  busy?: boolean;
  onSubmit: (input: AddressInput) => void;
  onCancel: () => void;
}

/** Address form: line 1, city, state and a 6-digit postal code are required; line 2 optional. */
export function AddressForm({ initial, submitLabel, busy = false, onSubmit, onCancel }: Props) {
  const [form, setForm] = useState<AddressInput>(() => toAddressInput(initial));
  const [errors, setErrors] = useState<Errors<AddressInput>>({});
  const idPrefix = initial ? `addr-${initial.id}` : 'addr-new';

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateAddress(form);
    setErrors(found);
    if (!hasErrors(found)) onSubmit(form);
  }

  const bind = fieldBinder(form, setForm, errors);
  const field = (key: 'addressLine1' | 'addressLine2' | 'city' | 'state', label: string, required: boolean) => (
    <TextField
      id={`${idPrefix}-${key}`}
      label={label}
      {...bind(key)}
      required={required}
      fullWidth
    />
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={initial ? 'Edit address' : 'New address'}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      <Box sx={{ gridColumn: '1 / -1' }}>{field('addressLine1', 'Address line 1', true)}</Box>
      <Box sx={{ gridColumn: '1 / -1' }}>{field('addressLine2', 'Address line 2 (optional)', false)}</Box>
      {field('city', 'City', true)}
      {field('state', 'State', true)}
      <TextField
        id={`${idPrefix}-postalCode`}
        label="Postal code"
        value={form.postalCode}
        required
        onChange={(e) => setForm({ ...form, postalCode: digitsOnly(e.target.value, 6) })}
        error={Boolean(errors.postalCode)}
        helperText={errors.postalCode}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        fullWidth
      />
      <FormControlLabel
        control={
          <Checkbox checked={form.isDefault} onChange={(e) => setForm({ ...form, isDefault: e.target.checked })} />
        }
        label="Make this my default address"
      />
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {submitLabel}
        </Button>
        <Button type="button" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </Box>
    </Box>
  );
}

export function formatAddress(a: Pick<Address, 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'postalCode'>): string {
  return [a.addressLine1, a.addressLine2, a.city, a.state, a.postalCode].filter(Boolean).join(', ');
}
