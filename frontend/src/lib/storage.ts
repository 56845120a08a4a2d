/**
 * What the web app keeps in the browser: the session (token, user, role, user id) and the ids in
 * the wishlist (products) and the cart (variants), which the header's badges count. Changing a
 * list emits `wishlistUpdated` or `cartUpdated`.
 */

export const STORAGE_KEYS = {
  authToken: 'authToken',
  userData: 'userData',
  role: 'role',
  userId: 'userId',
  wishlist: 'wishlist',
  cart: 'cart',
} as const;

export const WISHLIST_EVENT = 'wishlistUpdated';
export const CART_EVENT = 'cartUpdated';

type ListKey = typeof STORAGE_KEYS.wishlist | typeof STORAGE_KEYS.cart;

function safeStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function readString(key: string): string | null {
  return safeStorage()?.getItem(key) ?? null;
}

export function writeString(key: string, value: string | null): void {
  const storage = safeStorage();
  if (!storage) return;
  if (value === null) storage.removeItem(key);
  else storage.setItem(key, value);
}

export function readJson<T>(key: string): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Reads one of the id lists (wishlist: product ids, cart: variant ids). */
export function readIdList(key: ListKey): string[] {
  const value = readJson<unknown>(key);
  return Array.isArray(value) ? value.map(String) : [];
}

function eventFor(key: ListKey): string {
  return key === STORAGE_KEYS.wishlist ? WISHLIST_EVENT : CART_EVENT;
}

/** Stores an id list and broadcasts its update event when it changed. */
export function writeIdList(key: ListKey, ids: string[]): void {
  const unique = Array.from(new Set(ids.map(String)));
  const before = readString(key);
  const after = JSON.stringify(unique);
  if (before === after) return;
  writeString(key, after);
  window.dispatchEvent(new Event(eventFor(key)));
}

/** Removes an id list and broadcasts its update event. */
export function clearIdList(key: ListKey): void {
  writeString(key, null);
  window.dispatchEvent(new Event(eventFor(key)));
}
