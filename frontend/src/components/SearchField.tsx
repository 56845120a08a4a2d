import { useEffect, useState } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';

/** How long typing pauses before a back-office list's search is sent. */
export const SEARCH_DELAY_MS = 300;

interface Props {
  /** The search the list shows now (from the address). */
  value?: string;
  /** Called once typing pauses, with the text or `undefined` for none. */
  onSearch: (q: string | undefined) => void;
  label: string;
  placeholder?: string;
  type?: 'search' | 'text';
  sx?: SxProps<Theme>;
}

/** A back-office list's search box: sent once typing pauses, cleared when the list's search is cleared elsewhere. */
export function SearchField({ value, onSearch, label, placeholder, type, sx }: Props) {
  const [typed, setTyped] = useState(value ?? '');

  useEffect(() => {
    if ((value ?? '') === typed) return;
    const timer = setTimeout(() => onSearch(typed || undefined), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new text starts the timer
  }, [typed]);

  useEffect(() => {
    if (!value) setTyped('');
  }, [value]);

  return (
    <TextField
      size="small"
      type={type}
      label={label}
      placeholder={placeholder}
      value={typed}
      onChange={(e) => setTyped(e.target.value)}
      slotProps={{
        htmlInput: { maxLength: 100 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={sx}
    />
  );
}
