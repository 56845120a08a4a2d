import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api';
import type { Order } from '../types';

export const ordersKey = ['me', 'orders'] as const;

export interface PlaceOrderResult {
  order: Order;
  message?: string;
  emailSent: boolean;
}

export async function placeOrder(addressId: string, idempotencyKey: string): Promise<PlaceOrderResult> {
  const body = await api.post<Envelope<Order> & { emailSent?: boolean }>(
    '/orders/place',
    { addressId, paymentMethod: 'COD' },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  return { order: body.data, message: body.message, emailSent: body.emailSent !== false };
}

export async function fetchMyOrders(): Promise<Order[]> {
  const body = await api.get<Envelope<Order[]>>('/orders/my-orders');
  return Array.isArray(body?.data) ? body.data : [];
}

export async function cancelOrder(id: string): Promise<Order> {
  const body = await api.put<Envelope<Order>>(`/orders/${encodeURIComponent(id)}/cancel`);
  return body.data;
}

export const myOrdersQuery = () => queryOptions({ queryKey: ordersKey, queryFn: fetchMyOrders, staleTime: 15_000 });

export function useMyOrders() {
  return useQuery(myOrdersQuery());
}

export function useCancelOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => qc.invalidateQueries({ queryKey: ordersKey }),
  });
}
