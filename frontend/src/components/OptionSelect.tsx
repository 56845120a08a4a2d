import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface Option<T extends string> {
  value: T;
  label: string;
  /** How deep in a tree (a subcategory under its category), shown as an indent. */
  depth?: number;
}

interface Props<T extends string> {
  label: string;
  value: T | undefined;
  options: Option<T>[];
  onChange: (value: T | undefined) => void;
  /** The first entry, for no filter (`undefined`); none when a value is always chosen. */
  anyLabel?: string;
  minWidth?: number;
}

/** A small select of a back-office list's filter or sort. */
export function OptionSelect<T extends string>({ label, value, options, onChange, anyLabel, minWidth = 180 }: Props<T>) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange((e.target.value || undefined) as T | undefined)}
      sx={{ minWidth }}
    >
      {anyLabel !== undefined && <MenuItem value="">{anyLabel}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value} sx={o.depth ? { pl: 2 + o.depth * 2 } : undefined}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
