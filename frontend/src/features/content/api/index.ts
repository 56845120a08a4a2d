import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, firstPaintAnswer, type Envelope } from '@/lib/api';
import type { Company, LegalPage, LegalSlug } from '@/lib/api-types';
import { FIRST_REQUESTS } from '@/lib/first-paint';

export type { Company, LegalPage };

/** The legal pages' request is in the page contract: their pages carry its answer. */
const LEGAL_PAGES_PATH = FIRST_REQUESTS.legalPages.path;

const pagesOf = (body: Envelope<LegalPage[]> | undefined): LegalPage[] | undefined =>
  body && Array.isArray(body.data) ? body.data : undefined;

export async function fetchLegalPages(): Promise<LegalPage[]> {
  return pagesOf(await api.get<Envelope<LegalPage[]>>(LEGAL_PAGES_PATH)) ?? [];
}

export const legalPagesQuery = () =>
  queryOptions({
    queryKey: ['legal-pages'],
    queryFn: fetchLegalPages,
    // Put into the page by the server for the first render (lib/first-paint.ts).
    initialData: () => pagesOf(firstPaintAnswer<Envelope<LegalPage[]>>(LEGAL_PAGES_PATH)),
    staleTime: 10 * 60_000,
    retry: 1,
  });

/** Content of a legal page saved in the back office, when there is any. */
export function useLegalPage(slug: LegalSlug) {
  const q = useQuery(legalPagesQuery());
  const page = q.data?.find((p) => p.slug === slug && p.content?.trim());
  return { page: page ?? null, isLoading: q.isLoading };
}
