import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api';
import { useReplacingMutation } from '@/lib/query';
import { STORAGE_KEYS, writeIdList } from '@/lib/storage';
import type { Cart } from '../types';

export const cartKey = ['me', 'cart'] as const;

/** A cart with no lines, as the server would send it. */
export const EMPTY_CART: Cart = { items: [], summary: { subtotal: 0, discount: 0, tax: 0, total: 0, itemCount: 0 }, removed: [] };

function normalise(body: Envelope<Cart> | null): Cart {
  const cart = body?.data ?? EMPTY_CART;
  const items = Array.isArray(cart.items) ? cart.items : [];
  // Keep the locally stored list of variant ids in step (emits cartUpdated when it changes).
  writeIdList(
    STORAGE_KEYS.cart,
    items.map((i) => i.product.variant.id),
  );
  return { items, summary: cart.summary ?? EMPTY_CART.summary, removed: Array.isArray(cart.removed) ? cart.removed : [] };
}

export const fetchCart = async (signal?: AbortSignal): Promise<Cart> =>
  normalise(await api.get<Envelope<Cart>>('/cart', { signal }));

export const addCartItem = async (productVariantId: string, quantity: number): Promise<Cart> =>
  normalise(await api.post<Envelope<Cart>>('/cart/add', { productVariantId, quantity }));

export const updateCartItem = async (cartItemId: string, newQuantity: number): Promise<Cart> =>
  normalise(await api.put<Envelope<Cart>>('/cart/update-quantity', { cartItemId, newQuantity }));

export const removeCartItem = async (cartItemId: string): Promise<Cart> =>
  normalise(await api.delete<Envelope<Cart>>(`/cart/remove/${encodeURIComponent(cartItemId)}`));

/** Forgets the lines the owner took out of the cart (the notice naming them goes). */
export const dismissRemovedLines = async (): Promise<Cart> => normalise(await api.delete<Envelope<Cart>>('/cart/removed'));

export const cartQuery = () => queryOptions({ queryKey: cartKey, queryFn: ({ signal }) => fetchCart(signal), staleTime: 15_000 });

export function useCart(enabled: boolean) {
  return useQuery({ ...cartQuery(), enabled });
}

/** Cart mutations; every answer is the whole cart, written straight into the cache. */
export function useCartMutations() {
  const add = useReplacingMutation(cartKey, (v: { productVariantId: string; quantity: number }) => addCartItem(v.productVariantId, v.quantity));
  const update = useReplacingMutation(cartKey, (v: { cartItemId: string; newQuantity: number }) => updateCartItem(v.cartItemId, v.newQuantity));
  const remove = useReplacingMutation(cartKey, removeCartItem);
  const dismissRemoved = useReplacingMutation(cartKey, dismissRemovedLines);
  return { add, update, remove, dismissRemoved };
}
