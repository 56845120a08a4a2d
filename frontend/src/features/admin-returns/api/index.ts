import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, pageOf, type Envelope } from '@/lib/api';
import type { ReturnList, ReturnRequest, ReturnStatus, ReturnStatusChange } from '@/lib/api-types';

export const adminReturnKeys = { all: ['me', 'admin', 'returns'] as const };

export const RETURNS_PAGE_SIZE = 20;

export async function fetchReturns(page: number, status?: ReturnStatus): Promise<ReturnList> {
  const body = await api.get<Partial<ReturnList>>('/returns', { params: { page, limit: RETURNS_PAGE_SIZE, status } });
  return pageOf(body, page, RETURNS_PAGE_SIZE);
}

export function useReturns(page: number, status?: ReturnStatus) {
  return useQuery({
    queryKey: [...adminReturnKeys.all, page, status ?? 'ALL'] as const,
    queryFn: () => fetchReturns(page, status),
    placeholderData: keepPreviousData,
  });
}

export async function changeReturnStatus(id: string, body: ReturnStatusChange): Promise<Envelope<ReturnRequest>> {
  return api.put<Envelope<ReturnRequest>>(`/returns/${encodeURIComponent(id)}/status`, body);
}

export function useChangeReturnStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReturnStatusChange }) => changeReturnStatus(id, body),
    onSettled: () => qc.invalidateQueries({ queryKey: adminReturnKeys.all }),
  });
}
