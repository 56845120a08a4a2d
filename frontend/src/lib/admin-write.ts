import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A back-office write: once it succeeds, `onChanged` lets the caller refresh other views (the
 * storefront) and every cached list under `lists` is fetched again.
 */
export function useAdminWrite<A, R>(write: (arg: A) => Promise<R>, lists: QueryKey, onChanged?: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      onChanged?.();
      await qc.invalidateQueries({ queryKey: lists });
    },
  });
}
