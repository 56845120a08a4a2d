import { useQuery } from '@tanstack/react-query';
import { api, pageOf } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import type { Pagination } from '@/lib/api-types';
import { adminListQuery } from '@/lib/query';

/** One entry: who (id and name), what (area, action, target), when, and a summary. */
export type AuditEntry = components['schemas']['AuditEntryDto'];

export interface AuditParams {
  page: number;
  limit: number;
  actorId?: string;
  area?: string;
  /** YYYY-MM-DD, India time, both ends included. */
  from?: string;
  to?: string;
}

export interface AuditList {
  data: AuditEntry[];
  pagination: Pagination;
}

export const auditKeys = { all: ['me', 'admin', 'audit-log'] as const };

export async function fetchAuditLog(params: AuditParams): Promise<AuditList> {
  const body = await api.get<Partial<AuditList>>('/audit-log', { params: { ...params } });
  return pageOf(body, params.page, params.limit);
}

export function useAuditLog(params: AuditParams) {
  return useQuery({ ...adminListQuery([...auditKeys.all, params] as const, () => fetchAuditLog(params)), retry: false });
}
