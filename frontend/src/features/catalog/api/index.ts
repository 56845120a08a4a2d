import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, firstPaintAnswer, type Envelope, type QueryValue } from '@/lib/api';
import type { Category, Pagination, Product, ProductPage } from '@/lib/api-types';
import { FIRST_REQUESTS, withSlug } from '@/lib/first-paint';

// The paths of the requests a page sends first come from the page contract (lib/first-paint.ts).
const CATEGORIES_PATH = FIRST_REQUESTS.categories.path;
const productPath = (idOrSlug: string) => withSlug(FIRST_REQUESTS.product.path, idOrSlug);

export async function fetchCategories(): Promise<Category[]> {
  const body = await api.get<Envelope<Category[]>>(CATEGORIES_PATH);
  return Array.isArray(body?.data) ? body.data : [];
}

/** Normalises a product list answer (bare array, `{data}` or `{items}`) into a page. */
export function toProductPage(body: unknown, fallbackLimit = 20): ProductPage {
  if (Array.isArray(body)) {
    return { data: body as Product[], pagination: { totalItems: body.length, currentPage: 1, limit: body.length, totalPages: 1 } };
  }
  const b = (body ?? {}) as { data?: unknown; items?: unknown; pagination?: Partial<Pagination>; facets?: ProductPage['facets'] };
  const data = (Array.isArray(b.data) ? b.data : Array.isArray(b.items) ? b.items : []) as Product[];
  const p = b.pagination ?? {};
  const limit = p.limit ?? fallbackLimit;
  const totalItems = p.totalItems ?? data.length;
  return {
    data,
    pagination: {
      totalItems,
      currentPage: p.currentPage ?? 1,
      limit,
      totalPages: p.totalPages ?? Math.max(1, Math.ceil(totalItems / Math.max(1, limit))),
    },
    facets: b.facets,
  };
}

export async function fetchProducts(params: Record<string, QueryValue>, signal?: AbortSignal): Promise<ProductPage> {
  const body = await api.get<unknown>('/products', { params, signal });
  return toProductPage(body, Number(params.limit ?? 10));
}

export async function fetchProduct(idOrSlug: string, signal?: AbortSignal): Promise<Product> {
  const body = await api.get<Envelope<Product>>(productPath(idOrSlug), { signal });
  return body.data;
}

export interface SearchResult {
  products: Product[];
  /** When nothing is found: the query with its unknown words corrected, to offer. */
  didYouMean?: string;
}

export async function searchProducts(q: string, signal?: AbortSignal): Promise<SearchResult> {
  const body = await api.get<Envelope<Product[]> & { didYouMean?: string }>('/products/search', { params: { q }, signal });
  return { products: Array.isArray(body?.data) ? body.data : [], didYouMean: body?.didYouMean ?? undefined };
}

export const catalogKeys = {
  categories: ['categories'] as const,
  products: (params: Record<string, QueryValue>) => ['products', params] as const,
  product: (slug: string) => ['product', slug] as const,
  search: (q: string) => ['me', 'search', q] as const,
};

// Each query starts with the answer the server put into the page, when there is one, so the
// first render already shows the data (see lib/first-paint.ts).

export const categoriesQuery = () =>
  queryOptions({
    queryKey: catalogKeys.categories,
    queryFn: fetchCategories,
    initialData: () => {
      const body = firstPaintAnswer<Envelope<Category[]>>(CATEGORIES_PATH);
      return Array.isArray(body?.data) ? body.data : undefined;
    },
    staleTime: 5 * 60_000,
  });

export const productsQuery = (params: Record<string, QueryValue>) =>
  queryOptions({
    queryKey: catalogKeys.products(params),
    queryFn: ({ signal }) => fetchProducts(params, signal),
    initialData: () => {
      const body = firstPaintAnswer<unknown>('/products', params);
      return body === undefined ? undefined : toProductPage(body, Number(params.limit ?? 10));
    },
    staleTime: 60_000,
  });

export const productQuery = (slug: string, initial?: Product) =>
  queryOptions({
    queryKey: catalogKeys.product(slug),
    queryFn: ({ signal }) => fetchProduct(slug, signal),
    initialData: initial ?? (() => firstPaintAnswer<Envelope<Product>>(productPath(slug))?.data),
    // A product handed over by navigation is shown at once and refreshed in the background.
    initialDataUpdatedAt: initial ? 0 : undefined,
    staleTime: 30_000,
  });

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: catalogKeys.search(q),
    queryFn: ({ signal }) => searchProducts(q, signal),
    staleTime: 30_000,
  });

export function useCategories() {
  return useQuery(categoriesQuery());
}
