import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import WarningIcon from '@mui/icons-material/WarningAmberOutlined';
import type { ProductListParams, StockFilter } from '../api';
import type { AdminCategoryNode } from '../types';

/** How long typing pauses before the search is sent. */
export const SEARCH_DELAY_MS = 300;

export const STOCK_FILTERS: { value: StockFilter; label: string }[] = [
  { value: 'in', label: 'In stock' },
  { value: 'low', label: 'Low stock (1 to 5)' },
  { value: 'out', label: 'Out of stock' },
];

/** The tree as one list, each name indented by its depth. */
export function flattenCategories(tree: AdminCategoryNode[], depth = 0): { id: string; name: string; depth: number }[] {
  return tree.flatMap((c) => [{ id: c.id, name: c.name, depth }, ...flattenCategories(c.subCategories ?? [], depth + 1)]);
}

interface Props {
  params: ProductListParams;
  categories: AdminCategoryNode[];
  onChange: (change: Partial<ProductListParams>) => void;
}

/** Search by name or SKU, category and stock filters, and the "Low stock" shortcut. */
export function ProductFilters({ params, categories, onChange }: Props) {
  const [typed, setTyped] = useState(params.q ?? '');

  // The search is sent once typing pauses.
  useEffect(() => {
    if ((params.q ?? '') === typed) return;
    const timer = setTimeout(() => onChange({ q: typed || undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new text starts the timer
  }, [typed]);

  // Filters cleared elsewhere clear the box too.
  useEffect(() => {
    if (!params.q) setTyped('');
  }, [params.q]);

  const options = flattenCategories(categories);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
      <TextField
        size="small"
        label="Search products"
        placeholder="Name or SKU"
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
        sx={{ minWidth: 240, flex: '1 1 240px' }}
      />
      <TextField
        select
        size="small"
        label="Category"
        value={params.categoryId ?? ''}
        onChange={(e) => onChange({ categoryId: e.target.value || undefined })}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="">All categories</MenuItem>
        {options.map((c) => (
          <MenuItem key={c.id} value={c.id} sx={{ pl: 2 + c.depth * 2 }}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Stock"
        value={params.stock ?? ''}
        onChange={(e) => onChange({ stock: (e.target.value || undefined) as StockFilter | undefined })}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">Any stock</MenuItem>
        {STOCK_FILTERS.map((s) => (
          <MenuItem key={s.value} value={s.value}>
            {s.label}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant={params.stock === 'low' ? 'contained' : 'outlined'}
        color="warning"
        startIcon={<WarningIcon />}
        aria-pressed={params.stock === 'low'}
        onClick={() => onChange({ stock: params.stock === 'low' ? undefined : 'low' })}
      >
        Low stock
      </Button>
    </Box>
  );
}
