import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema';

/** Under the admin orders' key: an order's status change reads the figures again too. */
export const summaryKey = ['me', 'admin', 'orders', 'summary'] as const;

type SummaryAnswer = components['schemas']['Envelope_FiguresDto'];
/** The back office's figures (`GET /api/reports/summary`), as the OpenAPI document describes them. */
export type Summary = SummaryAnswer['data'];
/** One India calendar day: orders placed (cancelled ones left out) and their revenue in rupees. */
export type DaySales = components['schemas']['DaySalesDto'];

export async function fetchSummary(): Promise<Summary> {
  const body = await api.get<SummaryAnswer>('/reports/summary');
  return body.data;
}

export const summaryQuery = () => queryOptions({ queryKey: summaryKey, queryFn: fetchSummary, staleTime: 0 });
