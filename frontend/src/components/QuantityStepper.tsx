import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { canDecrement, canIncrement } from '@/lib/quantity';
import { busyButtonProps } from './busy-button';

interface Props {
  value: number;
  stock: number;
  onChange: (next: number) => void;
  disabled?: boolean;
  /** A change is on its way: presses are refused, and the focus stays on the button pressed. */
  busy?: boolean;
  label?: string;
}

/**
 * Quantity from 1 to stock: minus disabled at 1, plus disabled at stock. A press that reaches a
 * limit disables its own button, which would drop the keyboard focus to the page: it moves to the
 * other button instead.
 */
export function QuantityStepper({ value, stock, onChange, disabled = false, busy = false, label = 'Quantity' }: Props) {
  const decrease = useRef<HTMLButtonElement>(null);
  const increase = useRef<HTMLButtonElement>(null);
  const lastPressed = useRef<HTMLButtonElement | null>(null);
  const canLower = !disabled && canDecrement(value);
  const canRaise = !disabled && canIncrement(value, stock);

  useEffect(() => {
    const pressed = lastPressed.current;
    if (!pressed?.disabled) return;
    lastPressed.current = null;
    const active = document.activeElement;
    // Still on the disabled button (jsdom), or already fallen to the page (browsers).
    if (active !== pressed && active !== null && active !== document.body) return;
    const other = pressed === increase.current ? decrease.current : increase.current;
    if (other && !other.disabled) other.focus();
  }, [canLower, canRaise]);

  const press = (button: HTMLButtonElement | null, next: number) => {
    lastPressed.current = button;
    onChange(next);
  };

  return (
    <Box
      role="group"
      aria-label={label}
      sx={{ display: 'inline-flex', alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      <IconButton
        ref={decrease}
        size="small"
        aria-label="Decrease quantity"
        disabled={!canLower}
        {...busyButtonProps(busy, () => press(decrease.current, value - 1))}
      >
        <RemoveIcon fontSize="small" />
      </IconButton>
      <Typography component="output" aria-live="polite" sx={{ minWidth: 32, textAlign: 'center', fontWeight: 600 }}>
        {value}
      </Typography>
      <IconButton
        ref={increase}
        size="small"
        aria-label="Increase quantity"
        disabled={!canRaise}
        {...busyButtonProps(busy, () => press(increase.current, value + 1))}
      >
        <AddIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
