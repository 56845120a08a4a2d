import type { QueryValue } from '@/lib/api';
import { FIRST_REQUESTS } from '@/lib/first-paint';

export type SortOrder = 'newest' | 'price_asc' | 'price_desc' | 'discount' | 'best_sellers';

export const SORT_OPTIONS: { value: SortOrder; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: Low to High' },
  { value: 'price_desc', label: 'Price: High to Low' },
  { value: 'discount', label: 'Biggest Discount' },
  { value: 'best_sellers', label: 'Best Sellers' },
];

function isSortOrder(value: string | null): value is SortOrder {
  return SORT_OPTIONS.some((o) => o.value === value);
}

/** The price slider's range until the listing's own price range has loaded: ₹0 to ₹10,000. */
export const DEFAULT_PRICE_RANGE: [number, number] = [0, 10000];
/** Products per listing page: a bare /shop's first request (the page contract) asks for them. */
export const PAGE_SIZE = FIRST_REQUESTS.listing.params.limit;

/** The shop listing filters, kept in the page URL. */
export interface ProductFilters {
  categoryId: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  colors: string[];
  sizes: string[];
  inStock: boolean;
  sort: SortOrder;
  page: number;
  q: string;
}

export const EMPTY_FILTERS: ProductFilters = {
  categoryId: null,
  minPrice: null,
  maxPrice: null,
  colors: [],
  sizes: [],
  inStock: false,
  sort: 'newest',
  page: 1,
  q: '',
};

function list(value: string | null): string[] {
  if (!value) return [];
  return Array.from(new Set(value.split(',').map((s) => s.trim()).filter(Boolean)));
}

function num(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** Reads filters from the page's query string; unknown or invalid values fall back to defaults. */
export function parseFilters(search: URLSearchParams): ProductFilters {
  const sort = search.get('sort');
  const page = Math.floor(Number(search.get('page') ?? '1'));
  let minPrice = num(search.get('minPrice'));
  let maxPrice = num(search.get('maxPrice'));
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    categoryId: search.get('categoryId') || null,
    minPrice,
    maxPrice,
    colors: list(search.get('colors')),
    sizes: list(search.get('sizes')),
    inStock: search.get('inStock') === 'true',
    sort: isSortOrder(sort) ? sort : 'newest',
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    q: (search.get('q') ?? '').trim(),
  };
}

/** Writes filters back into a query string, leaving defaults out so URLs stay short. */
export function filtersToSearch(filters: ProductFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.categoryId) search.set('categoryId', filters.categoryId);
  if (filters.minPrice !== null) search.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== null) search.set('maxPrice', String(filters.maxPrice));
  if (filters.colors.length) search.set('colors', filters.colors.join(','));
  if (filters.sizes.length) search.set('sizes', filters.sizes.join(','));
  if (filters.inStock) search.set('inStock', 'true');
  if (filters.sort !== 'newest') search.set('sort', filters.sort);
  if (filters.page > 1) search.set('page', String(filters.page));
  if (filters.q) search.set('q', filters.q);
  return search;
}

/** Parameters of GET /products for these filters. A category chosen in the filters (for example a
 * subcategory) narrows the category of the route. */
export function toApiParams(
  filters: ProductFilters,
  routeCategoryId: string | null = null,
  limit = PAGE_SIZE,
): Record<string, QueryValue> {
  return {
    page: filters.page,
    limit,
    categoryId: filters.categoryId ?? routeCategoryId ?? undefined,
    minPrice: filters.minPrice ?? undefined,
    maxPrice: filters.maxPrice ?? undefined,
    colors: filters.colors,
    sizes: filters.sizes,
    inStock: filters.inStock ? true : undefined,
    sort: filters.sort,
    q: filters.q || undefined,
  };
}

/** A change of any filter other than the page goes back to page 1. */
export function updateFilters(current: ProductFilters, patch: Partial<ProductFilters>): ProductFilters {
  const next = { ...current, ...patch };
  if (!('page' in patch)) next.page = 1;
  return next;
}

export function toggleValue(values: string[], value: string): string[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

export function activeFilterCount(filters: ProductFilters): number {
  return (
    (filters.categoryId ? 1 : 0) +
    (filters.minPrice !== null || filters.maxPrice !== null ? 1 : 0) +
    filters.colors.length +
    filters.sizes.length +
    (filters.inStock ? 1 : 0)
  );
}

/** "men-shirts" → "men shirts" (title of a category route). */
export function slugTitle(slug: string): string {
  return slug.replace(/-/g, ' ').trim();
}

export function countLabel(n: number): string {
  return `${n} product(s) found`;
}
