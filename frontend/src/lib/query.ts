import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * For a mutation whose answer is the whole resource (the cart, the wishlist): before it is sent,
 * a read of that resource still on its way is cancelled, because its answer would come from
 * before the change and, arriving after the mutation's, would put the old resource back (a
 * heart tapped while the page loads would empty again). The mutation's answer then replaces
 * the cached one.
 */
export function replacesCachedAnswer<T>(qc: QueryClient, key: QueryKey) {
  return {
    onMutate: () => qc.cancelQueries({ queryKey: key }),
    onSuccess: (answer: T) => qc.setQueryData(key, answer),
  };
}
