import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';

export interface Column {
  label: string;
  align?: 'right';
  width?: number;
}

/** A table's head: one row naming its columns, after `lead` (e.g. a select-all checkbox cell). */
export function ColumnHead({ columns, lead }: { columns: (string | Column)[]; lead?: ReactNode }) {
  return (
    <TableHead>
      <TableRow>
        {lead}
        {columns.map((c) => {
          const column = typeof c === 'string' ? { label: c } : c;
          return (
            <TableCell key={column.label} align={column.align} sx={column.width ? { width: column.width } : undefined}>
              {column.label}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}

/** A back-office list as a table: its named columns (after `lead`) over the rows given as children. */
export function ListTable({
  label,
  columns,
  lead,
  sx,
  children,
}: {
  label: string;
  columns: (string | Column)[];
  /** A head cell before the named columns (e.g. a select-all checkbox). */
  lead?: ReactNode;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <TableContainer component={Paper} variant="outlined" sx={sx}>
      <Table aria-label={label}>
        <ColumnHead columns={columns} lead={lead} />
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

/** The same list on a phone: cards (each a `li`) in a plain list. */
export function CardList({ label, spacing = 2, children }: { label: string; spacing?: number; children: ReactNode }) {
  return (
    <Stack spacing={spacing} component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {children}
    </Stack>
  );
}
