import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api';
import type { components } from '@/lib/api-schema';

export type SynonymList = components['schemas']['SynonymsDto'];
export type SearchMiss = components['schemas']['SearchMissDto'];

export const adminSearchKeys = {
  synonyms: ['me', 'admin', 'search', 'synonyms'] as const,
  misses: (days: number) => ['me', 'admin', 'search', 'misses', days] as const,
};

export const synonymsQuery = () =>
  queryOptions({
    queryKey: adminSearchKeys.synonyms,
    queryFn: async () => (await api.get<Envelope<SynonymList>>('/search/synonyms')).data,
    staleTime: 0,
  });

export const missesQuery = (days: number) =>
  queryOptions({
    queryKey: adminSearchKeys.misses(days),
    queryFn: async () => {
      const body = await api.get<Envelope<SearchMiss[]>>('/search/misses', { params: { days } });
      return Array.isArray(body?.data) ? body.data : [];
    },
    staleTime: 0,
  });

export function useSynonyms() {
  return useQuery(synonymsQuery());
}

export function useMisses(days: number) {
  return useQuery(missesQuery(days));
}

export function useSaveSynonyms() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.put<Envelope<SynonymList>>('/search/synonyms', { text }),
    onSuccess: (saved) => qc.setQueryData(adminSearchKeys.synonyms, saved.data),
  });
}
