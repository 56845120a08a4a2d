import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Facets } from '@/lib/api-types';
import { formatMoney } from '@/lib/money';
import { compareSizes } from '@/lib/sizes';
import { DEFAULT_PRICE_RANGE, toggleValue, type ProductFilters } from '../lib/filters';

interface Props {
  filters: ProductFilters;
  facets: Facets | undefined;
  /** Category choices: the facet counts, or the category tree when the API gives none. */
  categories: { id: string; name: string; count?: number; depth?: number }[];
  priceBounds: [number, number];
  onChange: (patch: Partial<ProductFilters>) => void;
  onClear: () => void;
}

/** One facet's choices: a fieldset whose legend names the facet, its choices wrapping in a row. */
function FacetGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" gutterBottom>
        {legend}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{children}</Box>
    </Box>
  );
}

export function FilterPanel({ filters, facets, categories, priceBounds, onChange, onClear }: Props) {
  const [lo, hi] = priceBounds;
  const [price, setPrice] = useState<[number, number]>([filters.minPrice ?? lo, filters.maxPrice ?? hi]);

  // The slider resets to the current bounds (min and max variant price) whenever they or the filter change.
  useEffect(() => {
    setPrice([filters.minPrice ?? lo, filters.maxPrice ?? hi]);
  }, [filters.minPrice, filters.maxPrice, lo, hi]);

  const sizes = [...(facets?.sizes ?? [])].sort((a, b) => compareSizes(a.size, b.size));
  const colors = facets?.colors ?? [];
  const step = hi - lo > 2000 ? 50 : 10;

  return (
    <Box component="form" aria-label="Filters" onSubmit={(e) => e.preventDefault()} sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          Filters
        </Typography>
        <Button size="small" onClick={onClear}>
          Clear All
        </Button>
      </Box>
      <Divider />
      {categories.length > 0 && (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2" gutterBottom>
            Categories
          </Typography>
          <List dense disablePadding>
            <ListItem disablePadding>
              <ListItemButton selected={!filters.categoryId} aria-pressed={!filters.categoryId} onClick={() => onChange({ categoryId: null })}>
                <ListItemText primary="All" />
              </ListItemButton>
            </ListItem>
            {categories.map((c) => (
              <ListItem key={c.id} disablePadding>
                <ListItemButton
                  selected={filters.categoryId === c.id}
                  aria-pressed={filters.categoryId === c.id}
                  onClick={() => onChange({ categoryId: filters.categoryId === c.id ? null : c.id })}
                  sx={{ pl: 2 + 2 * (c.depth ?? 0) }}
                >
                  <ListItemText primary={c.count !== undefined ? `${c.name} (${c.count})` : c.name} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, px: 1 }}>
        <Typography component="legend" variant="subtitle2" id="price-label" gutterBottom>
          Price
        </Typography>
        <Slider
          value={price}
          min={lo}
          max={Math.max(hi, lo + 1)}
          step={step}
          onChange={(_e, v) => setPrice(v as [number, number])}
          onChangeCommitted={(_e, v) => {
            const [a, b] = v as [number, number];
            onChange({ minPrice: a <= lo ? null : a, maxPrice: b >= hi ? null : b });
          }}
          getAriaLabel={(i) => (i === 0 ? 'Minimum price' : 'Maximum price')}
          getAriaValueText={(v) => formatMoney(v)}
          valueLabelDisplay="auto"
          valueLabelFormat={(v) => formatMoney(v)}
          disableSwap
        />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', fontSize: 13, color: 'text.secondary' }}>
          <span>{formatMoney(price[0])}</span>
          <span>{formatMoney(price[1])}</span>
        </Box>
      </Box>
      {colors.length > 0 && (
        <FacetGroup legend="Colour">
          {colors.map((c) => {
            const active = filters.colors.includes(c.color);
            return (
              <Tooltip key={c.color} title={`${c.color} (${c.count})`}>
                <Box
                  component="button"
                  type="button"
                  aria-label={`${c.color} (${c.count})`}
                  aria-pressed={active}
                  onClick={() => onChange({ colors: toggleValue(filters.colors, c.color) })}
                  sx={{
                    width: 32,
                    height: 32,
                    borderRadius: '50%',
                    cursor: 'pointer',
                    bgcolor: c.colorHexCode || c.color,
                    border: 2,
                    borderColor: active ? 'secondary.main' : 'divider',
                    outline: active ? '2px solid' : 'none',
                    outlineColor: 'secondary.main',
                    outlineOffset: 2,
                  }}
                />
              </Tooltip>
            );
          })}
        </FacetGroup>
      )}
      {sizes.length > 0 && (
        <FacetGroup legend="Size">
          {sizes.map((s) => {
            const active = filters.sizes.includes(s.size);
            return (
              <Chip
                key={s.size}
                label={s.size}
                color={active ? 'primary' : 'default'}
                variant={active ? 'filled' : 'outlined'}
                aria-pressed={active}
                onClick={() => onChange({ sizes: toggleValue(filters.sizes, s.size) })}
              />
            );
          })}
        </FacetGroup>
      )}
      <FormControlLabel
        control={<Switch checked={filters.inStock} onChange={(e) => onChange({ inStock: e.target.checked })} />}
        label="In stock only"
      />
    </Box>
  );
}

export { DEFAULT_PRICE_RANGE };
