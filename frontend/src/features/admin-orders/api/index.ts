import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api';
import type { AdminOrder, DeliveryStatus } from '../types';

export const adminOrderKeys = {
  all: ['me', 'admin', 'orders'] as const,
  pendingCount: ['me', 'admin', 'orders', 'pending-count'] as const,
};

export async function fetchAllOrders(): Promise<AdminOrder[]> {
  const body = await api.get<Envelope<AdminOrder[]>>('/orders/all');
  return Array.isArray(body?.data) ? body.data : [];
}

export async function fetchPendingCount(): Promise<number> {
  const body = await api.get<Envelope<{ count: number }>>('/orders/pending-count');
  return Number(body?.data?.count ?? 0);
}

export async function updateOrderStatus(input: { id: string; deliveryStatus: DeliveryStatus }): Promise<Envelope<AdminOrder>> {
  return api.put<Envelope<AdminOrder>>(`/orders/${encodeURIComponent(input.id)}/status`, {
    deliveryStatus: input.deliveryStatus,
  });
}

export const allOrdersQuery = () => queryOptions({ queryKey: adminOrderKeys.all, queryFn: fetchAllOrders, staleTime: 0 });
export const pendingCountQuery = () =>
  queryOptions({ queryKey: adminOrderKeys.pendingCount, queryFn: fetchPendingCount, staleTime: 0 });

export function useAllOrders() {
  return useQuery(allOrdersQuery());
}

export function usePendingCount() {
  return useQuery(pendingCountQuery());
}

/** Status change of one order; the answer replaces that order in the cached list. */
export function useUpdateOrderStatus(onChanged?: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: (res, input) => {
      qc.setQueryData<AdminOrder[]>(adminOrderKeys.all, (prev) =>
        prev?.map((o) => (o.id === input.id ? { ...o, ...(res?.data ?? {}), deliveryStatus: res?.data?.deliveryStatus ?? input.deliveryStatus } : o)),
      );
      onChanged?.();
      void qc.invalidateQueries({ queryKey: adminOrderKeys.all });
    },
  });
}
