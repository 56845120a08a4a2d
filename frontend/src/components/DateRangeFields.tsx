import TextField from '@mui/material/TextField';

interface Props {
  /** YYYY-MM-DD, both ends included. */
  from?: string;
  to?: string;
  onChange: (change: { from?: string; to?: string }) => void;
}

/** A back-office list's From and To days; each end bounds the other in the picker. */
export function DateRangeFields({ from, to, onChange }: Props) {
  return (
    <>
      <DayField label="From" value={from} max={to} onChange={(day) => onChange({ from: day })} />
      <DayField label="To" value={to} min={from} onChange={(day) => onChange({ to: day })} />
    </>
  );
}

function DayField({ label, value, min, max, onChange }: { label: string; value?: string; min?: string; max?: string; onChange: (day: string | undefined) => void }) {
  return (
    <TextField
      size="small"
      type="date"
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || undefined)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min, max } }}
    />
  );
}
