import { useQuery } from '@tanstack/react-query';
import { api, pageOf } from '@/lib/api';
import type { Pagination } from '@/lib/api-types';
import type { Customer, CustomerDetail, CustomerSort } from '../types';
import { adminListQuery } from '@/lib/query';

export const customerKeys = {
  all: ['me', 'admin', 'customers'] as const,
  lists: ['me', 'admin', 'customers', 'list'] as const,
  detail: (id: string, page: number, limit: number) => ['me', 'admin', 'customers', 'detail', id, page, limit] as const,
};

export interface CustomerListParams {
  page: number;
  limit: number;
  q?: string;
  sort?: CustomerSort;
}

export interface CustomerList {
  data: Customer[];
  pagination: Pagination;
}

export async function fetchCustomers(params: CustomerListParams): Promise<CustomerList> {
  const body = await api.get<Partial<CustomerList>>('/customers', {
    params: { ...params, q: params.q?.trim() || undefined, sort: params.sort === 'last_order' ? undefined : params.sort },
  });
  return pageOf(body, params.page, params.limit);
}

export async function fetchCustomer(id: string, page: number, limit: number): Promise<CustomerDetail> {
  return api.get<CustomerDetail>(`/customers/${encodeURIComponent(id)}`, { params: { page, limit } });
}

export const customersQuery = (params: CustomerListParams) =>
  adminListQuery([...customerKeys.lists, params] as const, () => fetchCustomers(params));

export function useCustomers(params: CustomerListParams) {
  return useQuery(customersQuery(params));
}

export function useCustomer(id: string, page: number, limit: number) {
  return useQuery({ ...adminListQuery(customerKeys.detail(id, page, limit), () => fetchCustomer(id, page, limit)), retry: false });
}
