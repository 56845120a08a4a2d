import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, firstPaintAnswer, type Envelope } from '@/lib/api';
import type { Company, LegalPage } from '@/lib/api-types';
import { FIRST_REQUESTS } from '@/lib/first-paint';

/** Every storefront page asks for it first (the page contract). */
const COMPANY_PATH = FIRST_REQUESTS.company.path;

export type { Company, LegalPage };

export async function fetchCompanyDetails(): Promise<Company | null> {
  const body = await api.get<Envelope<Company | null>>(COMPANY_PATH);
  return body?.data ?? null;
}

export async function fetchLegalPages(): Promise<LegalPage[]> {
  const body = await api.get<Envelope<LegalPage[]>>('/legal-pages');
  return Array.isArray(body?.data) ? body.data : [];
}

export const companyQuery = () =>
  queryOptions({
    queryKey: ['company-details'],
    queryFn: fetchCompanyDetails,
    // Put into the page by the server for the first render (lib/first-paint.ts).
    initialData: () => firstPaintAnswer<Envelope<Company | null>>(COMPANY_PATH)?.data ?? undefined,
    staleTime: 10 * 60_000,
    retry: 1,
  });

export const legalPagesQuery = () =>
  queryOptions({ queryKey: ['legal-pages'], queryFn: fetchLegalPages, staleTime: 10 * 60_000, retry: 1 });

export function useCompanyDetails() {
  return useQuery(companyQuery());
}

/** Content of a legal page saved in the back office, when there is any. */
export function useLegalPage(slug: 'privacy-policy' | 'terms-conditions') {
  const q = useQuery(legalPagesQuery());
  const page = q.data?.find((p) => p.slug === slug && p.content?.trim());
  return { page: page ?? null, isLoading: q.isLoading };
}
