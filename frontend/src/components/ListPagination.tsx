import TablePagination from '@mui/material/TablePagination';

interface Props {
  total: number;
  /** From 1, as the API and the address count pages. */
  page: number;
  limit: number;
  sizes: number[];
  onChange: (next: { page?: number; limit?: number }) => void;
}

/** A back-office list's pager under its table or cards; nothing when the list is empty. */
export function ListPagination({ total, page, limit, sizes, onChange }: Props) {
  if (total <= 0) return null;
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, page - 1)}
      rowsPerPage={limit}
      rowsPerPageOptions={sizes}
      onPageChange={(_, next) => onChange({ page: next + 1 })}
      onRowsPerPageChange={(e) => onChange({ limit: Number(e.target.value) })}
      labelRowsPerPage="Per page"
    />
  );
}
