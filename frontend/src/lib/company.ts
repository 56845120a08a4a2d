import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, firstPaintAnswer, type Envelope } from './api';
import type { Company } from './api-types';
import { FIRST_REQUESTS } from './first-paint';
import { defaultShopName } from './page-contract.json';

/** Every storefront page asks for it first (the page contract). */
const COMPANY_PATH = FIRST_REQUESTS.company.path;

async function fetchCompanyDetails(): Promise<Company | null> {
  const body = await api.get<Envelope<Company | null>>(COMPANY_PATH);
  return body?.data ?? null;
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

export function useCompanyDetails() {
  return useQuery(companyQuery());
}

/** The shop's name where no company details are saved yet (the page contract's, which the server uses too). */
export const DEFAULT_BRAND_NAME = defaultShopName;

/** The shop's name as every page shows it: the saved company name, from the first render on (the
 * server puts the company details into the page), so the header and hero never redraw it. */
export function useBrandName(): string {
  return useCompanyDetails().data?.name || DEFAULT_BRAND_NAME;
}
