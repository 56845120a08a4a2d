import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api';
import { formatMoney } from '@/lib/money';
import { checkPincode } from '../api';
import { DigitsField } from '@/components/DigitsField';

/** The product page's delivery check: a PIN code answers whether the shop delivers there and
 * whether cash on delivery is available, or why not. The answer (or error) goes as soon as the
 * PIN code in the field changes or is refused. */
export function PincodeCheck() {
  const [pin, setPin] = useState('');
  const [invalid, setInvalid] = useState(false);
  const check = useMutation({ mutationFn: checkPincode });

  function submit(e: FormEvent) {
    e.preventDefault();
    const ok = /^[1-9]\d{5}$/.test(pin);
    setInvalid(!ok);
    if (ok) check.mutate(pin);
    // A refused PIN code leaves no answer about the one checked before.
    else check.reset();
  }

  function change(next: string) {
    // The answer shown is about the PIN code in the field, so it goes when the field changes.
    if (next !== pin) check.reset();
    setPin(next);
  }

  const answer = check.data;
  const max = answer?.rules.codMaxOrderValue;
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Check delivery" sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <DigitsField
          size="small"
          label="Delivery PIN code"
          value={pin}
          maxDigits={6}
          onChange={change}
          error={invalid}
          helperText={invalid ? 'Enter a 6-digit PIN code' : undefined}
        />
        <Button type="submit" variant="outlined" disabled={check.isPending}>
          Check
        </Button>
      </Box>
      {answer && (
        <Alert severity={answer.cod ? 'success' : answer.delivery ? 'warning' : 'error'} role="status" sx={{ mt: 1 }}>
          {answer.message}
          {answer.cod && max !== null && max !== undefined && ` (orders up to ${formatMoney(max)})`}
        </Alert>
      )}
      {check.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(check.error, 'Could not check this PIN code')}
        </Alert>
      )}
    </Box>
  );
}
