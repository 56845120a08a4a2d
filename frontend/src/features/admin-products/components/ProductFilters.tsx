import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import WarningIcon from '@mui/icons-material/WarningAmberOutlined';
import { OptionSelect } from '@/components/OptionSelect';
import { SearchField } from '@/components/SearchField';
import type { ProductListParams, StockFilter } from '../api';
import type { AdminCategoryNode } from '../types';

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
  const options = flattenCategories(categories).map((c) => ({ value: c.id, label: c.name, depth: c.depth }));
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
      <SearchField
        label="Search products"
        placeholder="Name or SKU"
        value={params.q}
        onSearch={(q) => onChange({ q })}
        sx={{ minWidth: 240, flex: '1 1 240px' }}
      />
      <OptionSelect
        label="Category"
        anyLabel="All categories"
        value={params.categoryId}
        options={options}
        onChange={(categoryId) => onChange({ categoryId })}
        minWidth={200}
      />
      <OptionSelect label="Stock" anyLabel="Any stock" value={params.stock} options={STOCK_FILTERS} onChange={(stock) => onChange({ stock })} />
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
