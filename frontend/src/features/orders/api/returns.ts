import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api';
import type { ReturnCreate, ReturnRequest } from '@/lib/api-types';

export const myReturnsKey = ['me', 'returns'] as const;

export async function fetchMyReturns(): Promise<ReturnRequest[]> {
  const body = await api.get<Envelope<ReturnRequest[]>>('/returns/my');
  return Array.isArray(body?.data) ? body.data : [];
}

export const myReturnsQuery = () =>
  queryOptions({ queryKey: myReturnsKey, queryFn: fetchMyReturns, staleTime: 15_000 });

export function useMyReturns(enabled = true) {
  return useQuery({ ...myReturnsQuery(), enabled });
}

export async function createReturn(orderId: string, body: ReturnCreate): Promise<ReturnRequest> {
  const answer = await api.post<Envelope<ReturnRequest>>(`/orders/${encodeURIComponent(orderId)}/returns`, body);
  return answer.data;
}

export function useCreateReturn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: ReturnCreate }) => createReturn(orderId, body),
    onSettled: () => qc.invalidateQueries({ queryKey: myReturnsKey }),
  });
}

/** Withdraws the shopper's own request (until its pieces are picked up): the server's answer and message. */
export async function withdrawReturn(returnId: string): Promise<Envelope<ReturnRequest>> {
  return api.post<Envelope<ReturnRequest>>(`/returns/${encodeURIComponent(returnId)}/withdraw`, {});
}

export function useWithdrawReturn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: withdrawReturn,
    onSettled: () => qc.invalidateQueries({ queryKey: myReturnsKey }),
  });
}

/** A size or colour of a product, as the product page reads it. */
export interface ProductVariantStock {
  id: string;
  size: string;
  color: string;
  stock: number;
  /** What a piece sells at now (rupees). */
  originalPrice: number;
}

/** The product's variants today (for the sizes and colours an exchange can offer). */
export async function fetchVariants(productId: string): Promise<ProductVariantStock[]> {
  const body = await api.get<Envelope<{ variants?: ProductVariantStock[] }>>(`/products/${encodeURIComponent(productId)}`);
  return Array.isArray(body?.data?.variants) ? body.data.variants : [];
}

export function useVariants(productId: string | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['returns', 'variants', productId],
    queryFn: () => fetchVariants(productId ?? ''),
    enabled: enabled && !!productId,
    staleTime: 0,
  });
}
