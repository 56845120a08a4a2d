import { Suspense, lazy, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Pagination from '@mui/material/Pagination';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import FilterListIcon from '@mui/icons-material/FilterList';
import useMediaQuery from '@mui/material/useMediaQuery';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigationType, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import type { Category, Product } from '@/lib/api-types';
import { useStagedCount } from '@/lib/hooks';
import { hasNavigated } from '@/lib/navigation';
import { productsQuery } from '../api';
import { categoryChoices } from '../lib/categories';
import {
  DEFAULT_PRICE_RANGE,
  EMPTY_FILTERS,
  SORT_OPTIONS,
  activeFilterCount,
  countLabel,
  filtersToSearch,
  parseFilters,
  toApiParams,
  updateFilters,
  type ProductFilters,
  type SortOrder,
} from '../lib/filters';
import { productGridSx } from './FeaturedProducts';

// The filters are a chunk of their own: a phone shows them only when the drawer is opened.
const LazyFilterPanel = lazy(() => import('./FilterPanel').then((m) => ({ default: m.FilterPanel })));
const FilterDrawer = lazy(() => import('./FilterDrawer'));

/** Cards rendered in the first paint: the first screen on a phone (two rows of two). */
export const FIRST_CARDS = 4;

interface Props {
  title: string;
  /** Category of a /category/{slug} route; null lists every product. */
  routeCategory: Category | null;
  categories: Category[];
  renderProduct: (p: Product, index: number) => ReactNode;
}

/** Shop and category listing with server-side filters, facets, sorting and pages. */
export function ProductListing({ title, routeCategory, categories, renderProduct }: Props) {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => parseFilters(search), [search]);
  const params = useMemo(() => toApiParams(filters, routeCategory?.id ?? null), [filters, routeCategory]);
  const query = useQuery({ ...productsQuery(params), placeholderData: keepPreviousData });
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first opening on, so that it can animate closed.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const topRef = useRef<HTMLDivElement>(null);
  // The first screen's cards render first; the rest after they are painted, a row or two at a time.
  // Back from a product renders them all at once: the page then has its height when the
  // scroll position is restored.
  const restoring = useNavigationType() === 'POP' && hasNavigated();
  const cardsShown = useStagedCount(
    query.data?.data.length ?? 0,
    restoring ? Math.max(FIRST_CARDS, query.data?.data.length ?? 0) : FIRST_CARDS,
    FIRST_CARDS,
  );
  // The side panel is for wide screens only: a phone does not render it (its filters are in
  // the drawer). Without matchMedia (tests) the wide layout is assumed.
  const wide = useMediaQuery('(min-width:900px)', { noSsr: true, defaultMatches: true });

  const facets = query.data?.facets;
  // Price bounds: min and max variant price from the facets; 0–10000 before the data loads.
  const boundsRef = useRef<[number, number]>(DEFAULT_PRICE_RANGE);
  const priceFiltered = filters.minPrice !== null || filters.maxPrice !== null;
  if (facets?.price && Number.isFinite(facets.price.min) && Number.isFinite(facets.price.max)) {
    const lo = Math.floor(facets.price.min);
    const hi = Math.ceil(facets.price.max);
    boundsRef.current = priceFiltered
      ? [Math.min(boundsRef.current[0], lo), Math.max(boundsRef.current[1], hi)]
      : [lo, Math.max(hi, lo + 1)];
  }

  // A filter keeps the page where it is (the page number scrolls to the list's top itself).
  const set = (next: ProductFilters) => setSearch(filtersToSearch(next), { replace: false, preventScrollReset: true });
  const change = (patch: Partial<ProductFilters>) => set(updateFilters(filters, patch));
  const clear = () => set({ ...EMPTY_FILTERS });

  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    topRef.current?.scrollIntoView?.({ block: 'start' });
  }, [filters.page]);

  // The counts of every category come from an answer without a category filter, and are kept
  // when one is chosen: the panel then still offers (and counts) the other categories.
  const countsRef = useRef<Map<string, number> | null>(null);
  if (facets?.categories && !filters.categoryId && !query.isPlaceholderData) {
    countsRef.current = new Map(facets.categories.map((c) => [c.id, c.count ?? 0]));
  }
  const counts = countsRef.current;
  const choices = useMemo(() => {
    const tree = routeCategory ? routeCategory.subCategories ?? [] : categories;
    if (tree.length) return categoryChoices(tree, counts);
    // No tree yet: the facets alone.
    return (facets?.categories ?? []).map((c) => ({ id: c.id, name: c.name, count: c.count, depth: 0 }));
  }, [facets, routeCategory, categories, counts]);

  const products = query.data?.data ?? [];
  const total = query.data?.pagination.totalItems ?? 0;
  const pages = query.data?.pagination.totalPages ?? 1;
  const active = activeFilterCount(filters);

  const panel = (
    <LazyFilterPanel
      filters={filters}
      facets={facets}
      categories={choices}
      priceBounds={boundsRef.current}
      onChange={change}
      onClear={clear}
    />
  );

  return (
    <Container sx={{ py: { xs: 3, md: 5 } }} ref={topRef}>
      <Typography variant="h3" component="h1" sx={{ textTransform: 'capitalize', overflowWrap: 'anywhere' }} gutterBottom>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: 'minmax(0,1fr)', md: '260px minmax(0,1fr)' } }}>
        <Box component="aside" sx={{ display: { xs: 'none', md: 'block' } }}>
          {wide && <Suspense fallback={null}>{panel}</Suspense>}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<FilterListIcon />}
              onClick={() => {
                setDrawerUsed(true);
                setDrawerOpen(true);
              }}
              sx={{ display: { md: 'none' } }}
            >
              Filters{active ? ` (${active})` : ''}
            </Button>
            <Typography role="status" aria-live="polite" color="text.secondary" sx={{ flexGrow: 1 }}>
              {query.isLoading ? 'Loading products…' : countLabel(total)}
            </Typography>
            {/* The phone's own picker: lighter than a menu, and what a phone user expects. */}
            <FormControl size="small" sx={{ minWidth: 170 }}>
              <InputLabel htmlFor="sort-order" shrink>
                Sort by
              </InputLabel>
              <NativeSelect
                value={filters.sort}
                onChange={(e) => change({ sort: e.target.value as SortOrder })}
                input={<OutlinedInput id="sort-order" label="Sort by" notched />}
              >
                {SORT_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
          </Box>
          {query.isLoading ? (
            <Box sx={productGridSx}>
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} variant="rounded" sx={{ aspectRatio: '4 / 7', height: 'auto' }} />
              ))}
            </Box>
          ) : query.isError ? (
            <EmptyState
              title="Could not load products"
              text="Please try again."
              action={<Button onClick={() => query.refetch()}>Retry</Button>}
            />
          ) : products.length === 0 && total > 0 ? (
            // An address past the last page (an old link, a hand-typed page number).
            <EmptyState
              title={`There is no page ${filters.page}`}
              text={`These products fill ${pages} ${pages === 1 ? 'page' : 'pages'}.`}
              action={
                <Button variant="contained" onClick={() => change({ page: pages })}>
                  Go to page {pages}
                </Button>
              }
            />
          ) : products.length === 0 ? (
            <EmptyState
              title="No products found"
              text="Try adjusting your filters"
              action={
                <Button variant="contained" onClick={clear}>
                  Clear Filters
                </Button>
              }
            />
          ) : (
            <Box sx={{ ...productGridSx, opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
              {products.slice(0, cardsShown).map((p, i) => (
                <Box key={p.id}>{renderProduct(p, i)}</Box>
              ))}
            </Box>
          )}
          {/* The page numbers come once every card of the page is drawn: drawn under the first
              row, they moved down as the others came (a layout shift on a wide screen). */}
          {pages > 1 && products.length > 0 && cardsShown >= products.length && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}>
              <Pagination
                count={pages}
                page={Math.min(filters.page, pages)}
                onChange={(_e, page) => change({ page })}
                siblingCount={0}
                getItemAriaLabel={(type, page) => (type === 'page' ? `Go to page ${page}` : `Go to ${type} page`)}
              />
            </Box>
          )}
        </Box>
      </Box>
      {drawerUsed && (
        <Suspense fallback={null}>
          <FilterDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} showLabel={`Show ${countLabel(total)}`}>
            {panel}
          </FilterDrawer>
        </Suspense>
      )}
    </Container>
  );
}
