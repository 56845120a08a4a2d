import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** A back-office list's filters above it: a search landmark whose controls wrap on a narrow screen. */
export function FilterBar({ label, alignItems, children }: { label: string; alignItems?: 'center'; children: ReactNode }) {
  return (
    <Box role="search" aria-label={label} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2, alignItems }}>
      {children}
    </Box>
  );
}
