import { useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ColumnHead } from '@/components/ListViews';
import { serverMessage } from '@/lib/api';
import { notify } from '@/lib/notify';
import { useUpdateVariant, type VariantPatch } from '../api';
import type { AdminProduct } from '../types';
import { StockBadge } from './StockBadge';

type Kind = 'stock' | 'price' | 'sku';

/** The two price columns, edited alike: the variant field, its cell's label and the toast's word. */
const PRICE_COLUMNS = [
  { field: 'originalPrice', label: 'Original Price', what: 'Price' },
  { field: 'discountPrice', label: 'Discount Price', what: 'Discount' },
] as const;

/** What a cell's text means, or why it is refused. */
export function readCell(text: string, kind: Kind): { value: number | string } | { error: string } {
  const t = text.trim();
  if (kind === 'sku') {
    if (t !== '' && !/^[A-Za-z0-9._/-]{1,40}$/.test(t)) return { error: "SKU must be at most 40 letters, digits, '-', '_', '.' or '/'" };
    return { value: t };
  }
  if (kind === 'stock') {
    if (!/^\d{1,7}$/.test(t) || Number(t) > 1_000_000) return { error: 'Stock must be a whole number of 0 or more' };
    return { value: Number(t) };
  }
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(t)) return { error: 'Enter an amount in rupees with at most two decimals' };
  return { value: Number(t) };
}

function shownText(value: number | string, kind: Kind): string {
  if (kind === 'price') return Number(value).toFixed(2);
  return String(value);
}

interface CellProps<T extends number | string> {
  label: string;
  value: T;
  kind: Kind;
  busy: boolean;
  onCommit: (value: T) => void;
}

/** A small field: Enter or leaving the field saves a changed value, Escape puts it back. */
function InlineCell<T extends number | string>({ label, value, kind, busy, onCommit }: CellProps<T>) {
  const shown = shownText(value, kind);
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = text ?? shown;

  function commit() {
    if (text === null || text.trim() === shown) {
      setText(null);
      setError(null);
      return;
    }
    const read = readCell(text, kind);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    setError(null);
    setText(null);
    if (read.value !== value) onCommit(read.value as T);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Escape') {
      setText(null);
      setError(null);
    }
  }

  return (
    <TextField
      size="small"
      value={current}
      disabled={busy}
      error={error !== null}
      helperText={error ?? undefined}
      placeholder={kind === 'sku' ? 'None' : undefined}
      onChange={(e) => {
        setText(e.target.value);
        if (error) setError(null);
      }}
      onBlur={commit}
      onKeyDown={onKeyDown}
      slotProps={{ htmlInput: { 'aria-label': label, inputMode: kind === 'stock' ? 'numeric' : kind === 'price' ? 'decimal' : 'text' } }}
      sx={{ width: kind === 'stock' ? 96 : kind === 'price' ? 128 : 160 }}
    />
  );
}

/** The expanded variant rows of a product, with stock and prices editable in place (one call per edit). */
export function InlineVariantsTable({ product, onChanged }: { product: AdminProduct; onChanged?: () => void }) {
  const update = useUpdateVariant(onChanged);
  const [busy, setBusy] = useState<string | null>(null);

  function save(patch: Omit<VariantPatch, 'productId'>, what: string) {
    setBusy(patch.variantId);
    update.mutate(
      { productId: product.id, ...patch },
      {
        onSuccess: () => notify.success(`${what} saved`),
        onError: (err) => notify.error(serverMessage(err, `Failed to save the ${what.toLowerCase()}`)),
        onSettled: () => setBusy(null),
      },
    );
  }

  return (
    <Table size="small" aria-label={`Variants of ${product.name}`}>
      <ColumnHead columns={['Size', 'Color', 'SKU', 'Stock', 'Original Price (₹)', 'Discount Price (₹)']} />
      <TableBody>
        {product.variants.map((v) => {
          const name = `${v.size} ${v.color}`;
          const rowBusy = busy === v.id;
          return (
            <TableRow key={v.id}>
              <TableCell>{v.size}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Box
                    aria-hidden
                    sx={{ width: 16, height: 16, borderRadius: '50%', border: 1, borderColor: 'divider', bgcolor: v.colorHexCode || v.color }}
                  />
                  {v.color}
                  {v.colorHexCode && (
                    <Typography variant="caption" color="text.secondary">
                      {v.colorHexCode}
                    </Typography>
                  )}
                </Box>
              </TableCell>
              <TableCell>
                <InlineCell
                  label={`SKU of ${name}`}
                  kind="sku"
                  value={v.sku ?? ''}
                  busy={rowBusy}
                  onCommit={(sku) => save({ variantId: v.id, sku }, 'SKU')}
                />
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <InlineCell
                    label={`Stock of ${name}`}
                    kind="stock"
                    value={v.stock}
                    busy={rowBusy}
                    onCommit={(stock) => save({ variantId: v.id, stock, expectedStock: v.stock }, 'Stock')}
                  />
                  <StockBadge stock={v.stock} />
                </Box>
              </TableCell>
              {PRICE_COLUMNS.map(({ field, label, what }) => (
                <TableCell key={field}>
                  <InlineCell
                    label={`${label} of ${name}`}
                    kind="price"
                    value={v[field]}
                    busy={rowBusy}
                    onCommit={(price) => save({ variantId: v.id, [field]: price }, what)}
                  />
                </TableCell>
              ))}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
