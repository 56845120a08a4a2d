import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api';
import type { Company, LegalPage } from '@/lib/api-types';

export type { Company, LegalPage };

export async function fetchLegalPages(): Promise<LegalPage[]> {
  const body = await api.get<Envelope<LegalPage[]>>('/legal-pages');
  return Array.isArray(body?.data) ? body.data : [];
}

export const legalPagesQuery = () =>
  queryOptions({ queryKey: ['legal-pages'], queryFn: fetchLegalPages, staleTime: 10 * 60_000, retry: 1 });

/** Content of a legal page saved in the back office, when there is any. */
export function useLegalPage(slug: 'privacy-policy' | 'terms-conditions') {
  const q = useQuery(legalPagesQuery());
  const page = q.data?.find((p) => p.slug === slug && p.content?.trim());
  return { page: page ?? null, isLoading: q.isLoading };
}
