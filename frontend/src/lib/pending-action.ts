/**
 * The cart or wishlist action a signed-out shopper asked for, kept while they sign in so that it
 * completes afterwards. It lives in sessionStorage: a reload during sign-in keeps it, and another
 * tab does not see it. One at most: the latest.
 */
import { uuid } from './uuid';

export type PendingShopAction =
  | { kind: 'cart'; productId: string; variantId: string | null; quantity: number }
  /** The heart tapped while signed out: it means "add" (a guest has no wishlist to remove from). */
  | { kind: 'wishlist'; productId: string };

interface Stored {
  id: string;
  action: PendingShopAction;
}

const PENDING_KEY = 'pendingShopAction';
/** The ids of the actions already taken, in localStorage: a tab duplicated by the browser copies its
 * sessionStorage, and the copy must not perform the same action again. */
const TAKEN_KEY = 'pendingShopActionsTaken';
const TAKEN_KEPT = 10;

function storage(kind: 'sessionStorage' | 'localStorage'): Storage | null {
  try {
    return typeof window !== 'undefined' ? window[kind] : null;
  } catch {
    return null;
  }
}

function parse<T>(raw: string | null | undefined): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Keeps `action` to perform after sign-in, replacing any earlier one. */
export function rememberPendingAction(action: PendingShopAction): void {
  storage('sessionStorage')?.setItem(PENDING_KEY, JSON.stringify({ id: uuid(), action } satisfies Stored));
}

/** Forgets the pending action (sign-in abandoned, or an admin signed in). */
export function dropPendingAction(): void {
  storage('sessionStorage')?.removeItem(PENDING_KEY);
}

/**
 * Takes the pending action to perform it. It is removed at once, before anything asynchronous, so
 * a second call (strict mode's repeated effect, a re-render) gets null; one already taken in a tab
 * that shares its history is skipped.
 */
export function takePendingAction(): PendingShopAction | null {
  const stored = parse<Stored>(storage('sessionStorage')?.getItem(PENDING_KEY));
  dropPendingAction();
  if (!stored?.id || !stored.action) return null;
  const local = storage('localStorage');
  const taken = parse<string[]>(local?.getItem(TAKEN_KEY)) ?? [];
  if (taken.includes(stored.id)) return null;
  local?.setItem(TAKEN_KEY, JSON.stringify([...taken, stored.id].slice(-TAKEN_KEPT)));
  return stored.action;
}
