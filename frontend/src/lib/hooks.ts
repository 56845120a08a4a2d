import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';
import { STORAGE_KEYS, WISHLIST_EVENT, CART_EVENT, readString } from './storage';

/**
 * False for a page's first render, then true: what is below the fold renders after the first
 * paint, as a transition (React renders it in slices, so a phone's main thread stays free for
 * input and the largest picture is painted sooner).
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return ready;
}

/**
 * How many of `total` items to render: `first` at once, then `step` more per render, each as a
 * transition after the previous one is on screen. A long list or a tall page is then built in
 * several short tasks instead of one long one that would block a phone's main thread.
 */
export function useStagedCount(total: number, first: number, step: number): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    startTransition(() => setCount((c) => c + step));
  }, [count, total, step]);
  return Math.min(count, total);
}

/** A value that follows another after `delay` ms without changes. */
export function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

function subscribeList(event: string) {
  return (callback: () => void) => {
    window.addEventListener(event, callback);
    window.addEventListener('storage', callback);
    return () => {
      window.removeEventListener(event, callback);
      window.removeEventListener('storage', callback);
    };
  };
}

const subscribeWishlist = subscribeList(WISHLIST_EVENT);
const subscribeCart = subscribeList(CART_EVENT);

function countOf(key: string): number {
  const raw = readString(key);
  if (!raw) return 0;
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.length : 0;
  } catch {
    return 0;
  }
}

/** Count of the locally stored wishlist (product ids); follows `wishlistUpdated`. */
export function useStoredWishlistCount(): number {
  return useSyncExternalStore(subscribeWishlist, () => countOf(STORAGE_KEYS.wishlist), () => 0);
}

/** Count of the locally stored cart (variant ids); follows `cartUpdated`. */
export function useStoredCartCount(): number {
  return useSyncExternalStore(subscribeCart, () => countOf(STORAGE_KEYS.cart), () => 0);
}

/** True once the element has been `threshold` visible (then stops observing). */
export function useRevealOnce<T extends Element>(threshold = 0.3): [(el: T | null) => void, boolean] {
  const [node, setNode] = useState<T | null>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (!node || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, seen, threshold]);
  return [setNode, seen];
}

/** A set of ids that are on (rows opened, say), and the switch that turns one on or off. */
export function useToggleSet(): [Set<string>, (id: string) => void, (update: (prev: Set<string>) => Set<string>) => void] {
  const [items, setItems] = useState<Set<string>>(() => new Set());
  const toggle = (id: string) =>
    setItems((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return [items, toggle, setItems];
}
