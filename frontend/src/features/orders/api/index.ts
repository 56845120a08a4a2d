import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, pageOf, retryWhenNoAnswer, type Envelope } from '@/lib/api';
import type { Pagination } from '@/lib/api-types';
import type { Order } from '../types';

export const ordersKey = ['me', 'orders'] as const;

export interface PlaceOrderResult {
  order: Order;
  message?: string;
  emailSent: boolean;
  /** False when an earlier try with the same key placed the order (its answer was lost). */
  created: boolean;
}

/** How long a placement may take, its tries included, before it counts as unanswered. */
export const PLACE_ORDER_DEADLINE_MS = 30_000;
/** The waits before the second and third try of a placement that got no answer. */
export const PLACE_ORDER_BACKOFF_MS = [1_000, 2_000] as const;

/**
 * `expectedTotal`: the total the shopper was shown; the server refuses the order (409) when
 * a price changed since, rather than charging a total nobody saw.
 *
 * A try that gets no answer (connection dropped, deadline passed) may still have placed the
 * order: it is sent again with the same `idempotencyKey`, which the server answers with the
 * order already placed rather than placing a second one. Still no answer: ApiError status 0.
 */
export async function placeOrder(addressId: string, idempotencyKey: string, expectedTotal: number): Promise<PlaceOrderResult> {
  const body = await retryWhenNoAnswer(
    (msLeft) =>
      api.post<Envelope<Order> & { emailSent?: boolean; created?: boolean }>(
        '/orders/place',
        { addressId, paymentMethod: 'COD', expectedTotal },
        { headers: { 'Idempotency-Key': idempotencyKey }, timeoutMs: msLeft },
      ),
    { backoffMs: PLACE_ORDER_BACKOFF_MS, untilMs: Date.now() + PLACE_ORDER_DEADLINE_MS },
  );
  return { order: body.data, message: body.message, emailSent: body.emailSent !== false, created: body.created !== false };
}

/** Orders on a page of the customer's history. */
export const MY_ORDERS_PAGE_SIZE = 10;

export interface MyOrders {
  data: Order[];
  pagination: Pagination;
}

export async function fetchMyOrders(page = 1): Promise<MyOrders> {
  const body = await api.get<Partial<MyOrders>>('/orders/my-orders', { params: { page, limit: MY_ORDERS_PAGE_SIZE } });
  return pageOf(body, page, MY_ORDERS_PAGE_SIZE);
}

export async function cancelOrder(id: string): Promise<Order> {
  const body = await api.put<Envelope<Order>>(`/orders/${encodeURIComponent(id)}/cancel`);
  return body.data;
}

export const myOrdersQuery = (page = 1) =>
  queryOptions({
    queryKey: [...ordersKey, page] as const,
    queryFn: () => fetchMyOrders(page),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

export function useMyOrders(page = 1) {
  return useQuery(myOrdersQuery(page));
}

export function useCancelOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => qc.invalidateQueries({ queryKey: ordersKey }),
  });
}
