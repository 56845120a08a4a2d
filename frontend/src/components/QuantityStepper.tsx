import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { canDecrement, canIncrement } from '@/lib/quantity';

interface Props {
  value: number;
  stock: number;
  onChange: (next: number) => void;
  disabled?: boolean;
  label?: string;
}

/** Quantity from 1 to stock: minus disabled at 1, plus disabled at stock. */
export function QuantityStepper({ value, stock, onChange, disabled = false, label = 'Quantity' }: Props) {
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{ display: 'inline-flex', alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      <IconButton
        size="small"
        aria-label="Decrease quantity"
        disabled={disabled || !canDecrement(value)}
        onClick={() => onChange(value - 1)}
      >
        <RemoveIcon fontSize="small" />
      </IconButton>
      <Typography component="output" aria-live="polite" sx={{ minWidth: 32, textAlign: 'center', fontWeight: 600 }}>
        {value}
      </Typography>
      <IconButton
        size="small"
        aria-label="Increase quantity"
        disabled={disabled || !canIncrement(value, stock)}
        onClick={() => onChange(value + 1)}
      >
        <AddIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
