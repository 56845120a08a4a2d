import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api';
import { useReplacingMutation } from '@/lib/query';
import { STORAGE_KEYS, writeIdList } from '@/lib/storage';
import type { Wishlist } from '../types';

export const wishlistKey = ['me', 'wishlist'] as const;

function normalise(body: Envelope<{ wishlist: Wishlist | null }> | null): Wishlist {
  const w = body?.data?.wishlist;
  const items = Array.isArray(w?.items) ? w.items.filter((i) => i && i.product) : [];
  // Keep the locally stored list of product ids in step (emits wishlistUpdated when it changes).
  writeIdList(
    STORAGE_KEYS.wishlist,
    items.map((i) => i.productId ?? i.product.id),
  );
  return { id: w?.id ?? null, userId: w?.userId ?? null, items };
}

export const fetchWishlist = async (signal?: AbortSignal): Promise<Wishlist> =>
  normalise(await api.get<Envelope<{ wishlist: Wishlist }>>('/wishlist', { signal }));

export const addToWishlist = async (productId: string): Promise<Wishlist> =>
  normalise(await api.post<Envelope<{ wishlist: Wishlist }>>(`/wishlist/${encodeURIComponent(productId)}`));

export const removeFromWishlist = async (productId: string): Promise<Wishlist> =>
  normalise(await api.delete<Envelope<{ wishlist: Wishlist }>>(`/wishlist/${encodeURIComponent(productId)}`));

export const wishlistQuery = () => queryOptions({ queryKey: wishlistKey, queryFn: ({ signal }) => fetchWishlist(signal), staleTime: 15_000 });

export function useWishlist(enabled: boolean) {
  return useQuery({ ...wishlistQuery(), enabled });
}

/** Wishlist mutations; every answer is the whole wishlist, written straight into the cache. */
export function useWishlistMutations() {
  const add = useReplacingMutation(wishlistKey, addToWishlist);
  const remove = useReplacingMutation(wishlistKey, removeFromWishlist);
  return { add, remove };
}
