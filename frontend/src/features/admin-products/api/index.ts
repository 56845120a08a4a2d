import { useMutation, useQuery, useQueryClient, useQueries, type QueryClient } from '@tanstack/react-query';
import { useAdminWrite } from '@/lib/admin-write';
import { api, type Envelope } from '@/lib/api';
import type { AdminCategoryNode, AdminProduct, ProductPageResult, VariantDraft } from '../types';
import { ADMIN_PAGE_SIZE } from '../lib/product';
import { variantPayload } from '../lib/variants';
import { adminListQuery } from '@/lib/query';

/** What the back office's product list asks the server for (every filter is applied there). */
export interface ProductListParams {
  page: number;
  /** Words of the product's name, or a SKU. */
  q?: string;
  categoryId?: string;
  /** in: no size sold out; low: some size with 1 to 5 left; out: some size sold out. */
  stock?: StockFilter;
}

export type StockFilter = 'in' | 'low' | 'out';

export const adminProductKeys = {
  all: ['me', 'admin', 'products'] as const,
  lists: ['me', 'admin', 'products', 'list'] as const,
  list: (params: ProductListParams) => ['me', 'admin', 'products', 'list', params] as const,
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

export async function fetchAdminProducts(params: ProductListParams, signal?: AbortSignal): Promise<ProductPageResult> {
  const body = await api.get<unknown>('/admin/products', {
    params: { page: params.page, limit: ADMIN_PAGE_SIZE, q: params.q?.trim() || undefined, categoryId: params.categoryId, stock: params.stock },
    signal,
  });
  return toPageResult(body, params.page, ADMIN_PAGE_SIZE);
}

/** One inline edit of a variant: the fields left out keep their values. */
export interface VariantPatch {
  productId: string;
  variantId: string;
  stock?: number;
  /** The stock shown when the edit began: the server refuses (409) when an order took some meanwhile. */
  expectedStock?: number;
  originalPrice?: number;
  discountPrice?: number;
  /** Empty removes it. */
  sku?: string;
}

export async function patchVariant({ productId, variantId, ...body }: VariantPatch): Promise<Envelope<AdminProduct>> {
  return api.patch<Envelope<AdminProduct>>(`/products/${encodeURIComponent(productId)}/variants/${encodeURIComponent(variantId)}`, body);
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

export const adminProductsQuery = (params: ProductListParams) =>
  adminListQuery(adminProductKeys.list(params), ({ signal }) => fetchAdminProducts(params, signal));

export function useAdminProducts(params: ProductListParams) {
  return useQuery(adminProductsQuery(params));
}

/** Applies `change` to the product `id` in every cached page of the list. */
function patchCachedProduct(qc: QueryClient, id: string, change: (p: AdminProduct) => AdminProduct) {
  qc.setQueriesData<ProductPageResult>({ queryKey: adminProductKeys.lists }, (page) =>
    page ? { ...page, data: page.data.map((p) => (p.id === id ? change(p) : p)) } : page,
  );
}

/**
 * One variant's stock or prices, shown at once (optimistic) and put back as they were when the
 * server refuses; the answer (the whole product as stored) then replaces the guess.
 */
export function useUpdateVariant(onChanged?: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: patchVariant,
    onMutate: async (patch) => {
      await qc.cancelQueries({ queryKey: adminProductKeys.lists });
      const before = qc.getQueriesData<ProductPageResult>({ queryKey: adminProductKeys.lists });
      patchCachedProduct(qc, patch.productId, (p) => ({
        ...p,
        variants: p.variants.map((v) =>
          v.id === patch.variantId
            ? {
                ...v,
                stock: patch.stock ?? v.stock,
                originalPrice: patch.originalPrice ?? v.originalPrice,
                discountPrice: patch.discountPrice ?? v.discountPrice,
                sku: patch.sku === undefined ? v.sku : patch.sku || null,
              }
            : v,
        ),
      }));
      return { before };
    },
    onError: (_err, _patch, context) => {
      for (const [key, data] of context?.before ?? []) qc.setQueryData(key, data);
    },
    onSuccess: (answer, patch) => {
      if (answer?.data) patchCachedProduct(qc, patch.productId, () => answer.data);
      onChanged?.();
    },
    onSettled: (_answer, error) => {
      // A refused stock edit (changed meanwhile) shows what is there now.
      if (error) void qc.invalidateQueries({ queryKey: adminProductKeys.lists });
    },
  });
}

export function useCategoryTree(enabled = true) {
  return useQuery({ queryKey: adminProductKeys.categories, queryFn: fetchCategoryTree, staleTime: 60_000, enabled });
}

export function useSaveProduct(onChanged?: () => void) {
  return useAdminWrite(saveProduct, adminProductKeys.all, onChanged);
}

export async function duplicateProduct(id: string): Promise<Envelope<AdminProduct>> {
  return api.post<Envelope<AdminProduct>>(`/products/${encodeURIComponent(id)}/duplicate`);
}

/** Copies a product (stock 0, no SKUs, the same pictures); the copy comes back for editing. */
export function useDuplicateProduct(onChanged?: () => void) {
  return useAdminWrite(duplicateProduct, adminProductKeys.all, onChanged);
}

export function useDeleteProduct(onChanged?: () => void) {
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => onChanged?.(),
  });
}
