import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DigitsField } from '@/components/DigitsField';
import { fieldBinder } from '@/lib/forms';
import { formatMobile, STATES } from '@/lib/india';
import { submitChecked, validateAddress, type Errors } from '../lib/validation';
import type { Address, AddressInput } from '../types';

export function toAddressInput(a: Address | null): AddressInput {
  return {
    fullName: a?.fullName ?? '',
    phone: a?.phone ? formatMobile(a.phone) : '',
    landmark: a?.landmark ?? '',
    addressLine1: a?.addressLine1 ?? '',
    addressLine2: a?.addressLine2 ?? '',
    city: a?.city ?? '',
    // A state saved before the list (typed by hand) must be chosen again.
    state: a && (STATES as readonly string[]).includes(a.state) ? a.state : '',
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

/** Address form: the recipient's full name and mobile, line 1, city, a state from the list and
 * a 6-digit PIN code are required; line 2 and a landmark are optional. Whether the PIN lies in
 * the state is the server's rule: its message is shown as a notice. */
export function AddressForm({ initial, submitLabel, busy = false, onSubmit, onCancel }: Props) {
  const [form, setForm] = useState<AddressInput>(() => toAddressInput(initial));
  const [errors, setErrors] = useState<Errors<AddressInput>>({});
  const idPrefix = initial ? `addr-${initial.id}` : 'addr-new';

  function submit(e: FormEvent) {
    if (submitChecked(e, validateAddress(form), setErrors)) onSubmit(form);
  }

  const bind = fieldBinder(form, setForm, errors);
  const field = (key: 'fullName' | 'addressLine1' | 'addressLine2' | 'landmark' | 'city', label: string, required: boolean) => (
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
      {field('fullName', 'Full name', true)}
      <TextField
        id={`${idPrefix}-phone`}
        label="Mobile number"
        {...bind('phone')}
        helperText={errors.phone ?? '10 digits, e.g. 98765 43210'}
        required
        slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 16, autoComplete: 'tel' } }}
        fullWidth
      />
      <Box sx={{ gridColumn: '1 / -1' }}>{field('addressLine1', 'Address line 1', true)}</Box>
      <Box sx={{ gridColumn: '1 / -1' }}>{field('addressLine2', 'Address line 2 (optional)', false)}</Box>
      <Box sx={{ gridColumn: '1 / -1' }}>{field('landmark', 'Landmark (optional)', false)}</Box>
      {field('city', 'City', true)}
      <TextField
        id={`${idPrefix}-state`}
        select
        label="State"
        {...bind('state')}
        required
        fullWidth
      >
        {STATES.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <DigitsField
        id={`${idPrefix}-postalCode`}
        label="PIN code"
        value={form.postalCode}
        maxDigits={6}
        required
        onChange={(postalCode) => setForm({ ...form, postalCode })}
        error={Boolean(errors.postalCode)}
        helperText={errors.postalCode}
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

type Shown = Pick<Address, 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'postalCode'> &
  Partial<Pick<Address, 'fullName' | 'landmark' | 'phone'>>;

/** One line: recipient, address, landmark, city, state, PIN and the mobile as +91-XXXXX-XXXXX. */
export function formatAddress(a: Shown): string {
  const landmark = a.landmark ? `near ${a.landmark}` : null;
  return [a.fullName, a.addressLine1, a.addressLine2, landmark, a.city, a.state, a.postalCode, formatMobile(a.phone)]
    .filter(Boolean)
    .join(', ');
}
