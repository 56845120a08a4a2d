import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, useQueries } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api';
import type { AdminCategoryNode, AdminProduct, ProductPageResult, VariantDraft } from '../types';
import { ADMIN_PAGE_SIZE } from '../lib/product';
import { variantPayload } from '../lib/variants';

export const adminProductKeys = {
  all: ['me', 'admin', 'products'] as const,
  page: (page: number) => ['me', 'admin', 'products', page] as const,
  categories: ['me', 'admin', 'product-categories'] as const,
};

/** Reads a product list answer: `{data, pagination}` (or `meta`), `{items}` or a bare array. */
export function toPageResult(body: unknown, page: number, limit: number): ProductPageResult {
  if (Array.isArray(body)) {
    return { data: body as AdminProduct[], totalItems: body.length, currentPage: page, limit, totalPages: 1 };
  }
  const b = (body ?? {}) as Record<string, unknown>;
  const data = (Array.isArray(b.data) ? b.data : Array.isArray(b.items) ? b.items : []) as AdminProduct[];
  const p = ((b.pagination ?? b.meta ?? {}) as Record<string, unknown>) || {};
  const num = (...keys: string[]) => {
    for (const k of keys) if (typeof p[k] === 'number') return p[k] as number;
    return undefined;
  };
  const size = num('limit', 'pageSize') ?? limit;
  const totalItems = num('totalItems', 'total', 'count') ?? data.length;
  return {
    data,
    totalItems,
    currentPage: num('currentPage', 'page') ?? page,
    limit: size,
    totalPages: num('totalPages') ?? Math.max(1, Math.ceil(totalItems / Math.max(1, size))),
  };
}

export async function fetchAdminProducts(page: number, signal?: AbortSignal): Promise<ProductPageResult> {
  const body = await api.get<unknown>('/products', { params: { page, limit: ADMIN_PAGE_SIZE }, signal });
  return toPageResult(body, page, ADMIN_PAGE_SIZE);
}

export async function fetchCategoryTree(): Promise<AdminCategoryNode[]> {
  const body = await api.get<Envelope<AdminCategoryNode[]>>('/categories');
  return Array.isArray(body?.data) ? body.data : [];
}

export interface ProductFormValues {
  id?: string;
  name: string;
  categoryId: string;
  description: string;
  /** The product's own HSN code; empty: its category's. */
  hsnCode: string;
  isBestSeller: boolean;
  variants: VariantDraft[];
  newImages: File[];
  deletedImageIds: string[];
  /** Kept pictures whose colour changed: id → colour, or null for none. */
  imageColors?: Record<string, string | null>;
  /** The colour of each new picture, in the order of `newImages`. */
  newImageColors?: (string | null)[];
}

export function productFormData(v: ProductFormValues): FormData {
  const form = new FormData();
  if (v.id) form.append('id', v.id);
  form.append('productName', v.name.trim());
  form.append('categoryId', v.categoryId);
  form.append('description', v.description.trim());
  form.append('hsnCode', v.hsnCode.trim());
  form.append('productVariants', JSON.stringify(variantPayload(v.variants)));
  if (v.deletedImageIds.length > 0) form.append('deletedImageIds', JSON.stringify(v.deletedImageIds));
  for (const file of v.newImages) form.append('images', file, file.name);
  if (v.imageColors && Object.keys(v.imageColors).length > 0) form.append('imageColors', JSON.stringify(v.imageColors));
  if (v.newImageColors?.some((c) => c !== null)) form.append('newImageColors', JSON.stringify(v.newImageColors));
  form.append('isBestSeller', v.isBestSeller ? 'true' : 'false');
  return form;
}

export interface GstRate {
  rate: string | null;
  betweenSlabs: boolean;
  warning: string | null;
}

/** The GST rate one piece at `price` (rupees) of goods `hsnCode` gets today, with the back office's warning. */
export async function fetchGstRate(hsnCode: string, price: string): Promise<GstRate | null> {
  const body = await api.get<Envelope<GstRate>>('/gst/rate', { params: { hsnCode, price } });
  return body?.data ?? null;
}

/** Warnings for these prices of goods `hsnCode` (none without a valid code). */
export function useGstWarnings(hsnCode: string, prices: string[]): string[] {
  const valid = /^\d{4,8}$/.test(hsnCode);
  const unique = [...new Set(prices.map((p) => p.trim()).filter((p) => /^\d{1,9}(\.\d{1,2})?$/.test(p)))];
  const answers = useQueries({
    queries: unique.map((price) => ({
      queryKey: ['gst', 'rate', hsnCode, price],
      queryFn: () => fetchGstRate(hsnCode, price),
      enabled: valid,
      staleTime: 60_000,
    })),
  });
  if (!valid) return [];
  return [...new Set(answers.map((a) => a.data?.warning).filter((w): w is string => Boolean(w)))];
}

/** One call for both: `POST /products` creates a product, or updates it when the form carries its id. */
export async function saveProduct(v: ProductFormValues): Promise<Envelope<AdminProduct>> {
  return api.post<Envelope<AdminProduct>>('/products', productFormData(v));
}

export async function deleteProduct(id: string): Promise<{ message?: string }> {
  return api.delete<{ message?: string }>(`/products/${encodeURIComponent(id)}`);
}

export const adminProductsQuery = (page: number) =>
  queryOptions({
    queryKey: adminProductKeys.page(page),
    queryFn: ({ signal }) => fetchAdminProducts(page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAdminProducts(page: number) {
  return useQuery(adminProductsQuery(page));
}

export function useCategoryTree(enabled = true) {
  return useQuery({ queryKey: adminProductKeys.categories, queryFn: fetchCategoryTree, staleTime: 60_000, enabled });
}

export function useSaveProduct(onChanged?: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: async () => {
      onChanged?.();
      await qc.invalidateQueries({ queryKey: adminProductKeys.all });
    },
  });
}

export function useDeleteProduct(onChanged?: () => void) {
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => onChanged?.(),
  });
}
