import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { digitsOnly } from '@/lib/forms';

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'slotProps'> & {
  value: string;
  /** How many digits the code has at the most (PIN code 6, HSN code 8). */
  maxDigits: number;
  onChange: (digits: string) => void;
};

/** A code typed as digits only (anything else typed is dropped, the rest cut at `maxDigits`), with the phone's number pad.
 * The input has no maxLength: the browser would cut pasted text (`400 001`) before the space is dropped. */
export function DigitsField({ value, maxDigits, onChange, ...rest }: Props) {
  return (
    <TextField
      {...rest}
      value={value}
      onChange={(e) => onChange(digitsOnly(e.target.value, maxDigits))}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}
