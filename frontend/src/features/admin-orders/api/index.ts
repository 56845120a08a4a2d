import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, pageOf, type Envelope } from '@/lib/api';
import { downloadFile } from '@/lib/download';
import type { Pagination } from '@/lib/api-types';
import type { AdminOrder, DeliveryStatus, OrderSort, StatusCounts } from '../types';
import { adminListQuery } from '@/lib/query';

export const adminOrderKeys = {
  all: ['me', 'admin', 'orders'] as const,
  lists: ['me', 'admin', 'orders', 'list'] as const,
  pendingCount: ['me', 'admin', 'orders', 'pending-count'] as const,
};

/** What the orders screen asks the server for (every filter is applied there). */
export interface OrderListParams {
  page: number;
  limit: number;
  status?: DeliveryStatus;
  q?: string;
  /** YYYY-MM-DD, India time, both ends included. */
  from?: string;
  to?: string;
  sort?: OrderSort;
}

export interface OrderList {
  data: AdminOrder[];
  pagination: Pagination;
  counts: StatusCounts;
}

const NO_COUNTS: StatusCounts = { all: 0, pending: 0, shipped: 0, delivered: 0, canceled: 0 };

export async function fetchOrders(params: OrderListParams): Promise<OrderList> {
  const body = await api.get<Partial<OrderList>>('/orders/all', {
    params: { ...params, q: params.q?.trim() || undefined, sort: params.sort === 'newest' ? undefined : params.sort },
  });
  return { ...pageOf(body, params.page, params.limit), counts: body?.counts ?? NO_COUNTS };
}

/** The filters a server export of the orders takes (paging and sort do not apply). */
export type OrderExportFilters = Pick<OrderListParams, 'status' | 'q' | 'from' | 'to'>;

/** The path of the server's CSV of every order the filters select (one line per order item). */
export function ordersExportPath(filters: OrderExportFilters): string {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.q?.trim()) query.set('q', filters.q.trim());
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  const text = query.toString();
  return text ? `/orders/export?${text}` : '/orders/export';
}

/** Downloads the server's CSV of every order the filters select. */
export async function downloadOrdersCsv(filters: OrderExportFilters, filename: string): Promise<void> {
  await downloadFile(ordersExportPath(filters), filename);
}

export async function fetchPendingCount(): Promise<number> {
  const body = await api.get<Envelope<{ count: number }>>('/orders/pending-count');
  return Number(body?.data?.count ?? 0);
}

/** `expectedStatus`: the status the owner saw; changed meanwhile (the customer cancelled),
 * the server changes nothing and answers 409. */
export async function updateOrderStatus(input: {
  id: string;
  deliveryStatus: DeliveryStatus;
  expectedStatus?: DeliveryStatus;
}): Promise<Envelope<AdminOrder>> {
  return api.put<Envelope<AdminOrder>>(`/orders/${encodeURIComponent(input.id)}/status`, {
    deliveryStatus: input.deliveryStatus,
    expectedStatus: input.expectedStatus,
  });
}

export interface BulkResult {
  orderId: string;
  status: number;
  order?: AdminOrder | null;
  error?: { message: string; code: string } | null;
}

export interface BulkAnswer {
  data: BulkResult[];
  updated: number;
  failed: number;
  message: string;
}

/** `expectedStatuses`: by order id, the status the owner saw each order in (the list may be stale). */
export async function bulkUpdateStatus(input: {
  ids: string[];
  deliveryStatus: DeliveryStatus;
  expectedStatuses?: Record<string, DeliveryStatus>;
}): Promise<BulkAnswer> {
  return api.post<BulkAnswer>('/orders/bulk-status', {
    orderIds: input.ids,
    deliveryStatus: input.deliveryStatus,
    expectedStatuses: input.expectedStatuses,
  });
}

export const ordersQuery = (params: OrderListParams) =>
  adminListQuery([...adminOrderKeys.lists, params] as const, () => fetchOrders(params));
export const pendingCountQuery = () =>
  queryOptions({ queryKey: adminOrderKeys.pendingCount, queryFn: fetchPendingCount, staleTime: 0 });

export function useOrders(params: OrderListParams) {
  return useQuery(ordersQuery(params));
}

export function usePendingCount() {
  return useQuery(pendingCountQuery());
}

/** Puts changed orders into every cached list page, then reads the lists (and counts) again. */
function useOrdersChanged(onChanged?: () => void) {
  const qc = useQueryClient();
  return (changed: AdminOrder[]) => {
    const byId = new Map(changed.map((o) => [o.id, o]));
    qc.setQueriesData<OrderList>({ queryKey: adminOrderKeys.lists }, (prev) =>
      prev ? { ...prev, data: prev.data.map((o) => (byId.has(o.id) ? { ...o, ...byId.get(o.id) } : o)) } : prev,
    );
    onChanged?.();
    // Also the dashboard's figures, which live under the same key.
    void qc.invalidateQueries({ queryKey: adminOrderKeys.all });
  };
}

/** Status change of one order; the answer replaces that order in the cached lists. */
export function useUpdateOrderStatus(onChanged?: () => void) {
  const changed = useOrdersChanged(onChanged);
  return useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: (res, input) => {
      if (res?.data) changed([{ ...res.data, id: input.id, deliveryStatus: res.data.deliveryStatus ?? input.deliveryStatus }]);
      else changed([]);
    },
    // Refused because the order changed meanwhile (or any other reason): show it as it is now.
    onError: () => changed([]),
  });
}

/** One status for several orders; each order is changed (or refused) on its own. */
export function useBulkUpdateStatus(onChanged?: () => void) {
  const changed = useOrdersChanged(onChanged);
  return useMutation({
    mutationFn: bulkUpdateStatus,
    onSuccess: (res) => changed((res?.data ?? []).flatMap((r) => (r.order ? [r.order] : []))),
  });
}
