import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation whose answer is the whole resource under `key` (the cart, the wishlist): before it is
 * sent, a read of that resource still on its way is cancelled, because its answer would come from
 * before the change and, arriving after the mutation's, would put the old resource back (a heart
 * tapped while the page loads would empty again). The mutation's answer then replaces the cached one.
 */
export function useReplacingMutation<T, V>(key: QueryKey, mutationFn: (vars: V) => Promise<T>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: () => qc.cancelQueries({ queryKey: key }),
    onSuccess: (answer: T) => qc.setQueryData(key, answer),
  });
}

/**
 * A back-office list page's query: asked again on every visit (another admin may have changed
 * it), the previous page staying on screen while the next one loads.
 */
export function adminListQuery<T, K extends QueryKey>(queryKey: K, queryFn: QueryFunction<T, K>) {
  return queryOptions({ queryKey, queryFn, staleTime: 0, placeholderData: keepPreviousData });
}
