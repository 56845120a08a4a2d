import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DigitsField } from '@/components/DigitsField';
import { errorMessage, fieldError } from '@/lib/api';
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

const FIELDS = ['fullName', 'phone', 'landmark', 'addressLine1', 'addressLine2', 'city', 'state', 'postalCode'] as const;
type Field = (typeof FIELDS)[number];

/** What the browser may fill each field with (a phone's saved addresses). */
const AUTOCOMPLETE: Partial<Record<Field, string>> = {
  fullName: 'name',
  addressLine1: 'address-line1',
  addressLine2: 'address-line2',
  city: 'address-level2',
};

interface Props {
  initial: Address | null;
  submitLabel: string;
  busy?: boolean;
  /** The failure of the last save (the mutation's error): a refusal naming a field (a PIN code not
   * in the state) is shown under that field until it, or for the PIN code the state, changes. */
  saveError?: unknown;
  onSubmit: (input: AddressInput) => void;
  onCancel: () => void;
}

/** Address form: the recipient's full name and mobile, line 1, city, a state from the list and
 * a 6-digit PIN code are required; line 2 and a landmark are optional. Whether the PIN lies in
 * the state is the server's rule: its message is shown under the PIN code (see `saveError`). */
export function AddressForm({ initial, submitLabel, busy = false, saveError = null, onSubmit, onCancel }: Props) {
  const [form, setForm] = useState<AddressInput>(() => toAddressInput(initial));
  const [errors, setErrors] = useState<Errors<AddressInput>>({});
  // The save failure no longer shown: one from before this form opened, or one the shopper has
  // answered by editing the field it names.
  const [answered, setAnswered] = useState<unknown>(saveError);
  const idPrefix = initial ? `addr-${initial.id}` : 'addr-new';

  const refused = saveError !== answered ? fieldError<Field>(saveError, FIELDS) : null;
  const shown: Errors<AddressInput> =
    refused && !errors[refused] ? { ...errors, [refused]: errorMessage(saveError) } : errors;

  function edit(next: AddressInput) {
    if (refused && (next[refused] !== form[refused] || (refused === 'postalCode' && next.state !== form.state))) {
      setAnswered(saveError);
    }
    setForm(next);
  }

  function submit(e: FormEvent) {
    if (submitChecked(e, validateAddress(form), setErrors)) onSubmit(form);
  }

  const bind = fieldBinder(form, edit, shown);
  const field = (key: 'fullName' | 'addressLine1' | 'addressLine2' | 'landmark' | 'city', label: string, required: boolean) => (
    <TextField
      id={`${idPrefix}-${key}`}
      label={label}
      {...bind(key)}
      autoComplete={AUTOCOMPLETE[key]}
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
        helperText={shown.phone ?? '10 digits, e.g. 98765 43210'}
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
        onChange={(postalCode) => edit({ ...form, postalCode })}
        error={Boolean(shown.postalCode)}
        helperText={shown.postalCode}
        autoComplete="postal-code"
        fullWidth
      />
      <FormControlLabel
        control={
          <Checkbox checked={form.isDefault} onChange={(e) => edit({ ...form, isDefault: e.target.checked })} />
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
