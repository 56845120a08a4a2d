import { create } from 'zustand';
import type { Role, User } from './api-types';
import { STORAGE_KEYS, clearIdList, readJson, readString, writeString } from './storage';

export interface SessionState {
  token: string | null;
  user: User | null;
  role: Role | null;
  userId: string | null;
}

function fromStorage(): SessionState {
  const token = readString(STORAGE_KEYS.authToken);
  const user = readJson<User>(STORAGE_KEYS.userData);
  const rawRole = readString(STORAGE_KEYS.role);
  const role: Role | null = rawRole === 'ADMIN' || rawRole === 'CUSTOMER' ? rawRole : null;
  if (!token) return { token: null, user: null, role: null, userId: null };
  return { token, user, role: role ?? user?.userType ?? null, userId: readString(STORAGE_KEYS.userId) ?? user?.id ?? null };
}

export const useSession = create<SessionState>(() => fromStorage());

/** Re-reads the session from browser storage (tests, other tabs). */
export function reloadSession(): void {
  useSession.setState(fromStorage(), true);
}

/** Login: stores the token and the user (keys authToken, userData, role, userId). */
export function signIn(token: string, user: User): void {
  writeString(STORAGE_KEYS.authToken, token);
  writeString(STORAGE_KEYS.userData, JSON.stringify(user));
  writeString(STORAGE_KEYS.role, user.userType);
  writeString(STORAGE_KEYS.userId, user.id);
  useSession.setState({ token, user, role: user.userType, userId: user.id }, true);
}

/** Keeps the user but replaces the token (a password change starts a new session). */
export function replaceSessionToken(token: string): void {
  writeString(STORAGE_KEYS.authToken, token);
  useSession.setState({ token });
}

/** Replaces the stored user after a profile change. */
export function updateSessionUser(user: User): void {
  writeString(STORAGE_KEYS.userData, JSON.stringify(user));
  writeString(STORAGE_KEYS.role, user.userType);
  writeString(STORAGE_KEYS.userId, user.id);
  useSession.setState({ user, role: user.userType, userId: user.id });
}

function clearCredentials(): void {
  writeString(STORAGE_KEYS.authToken, null);
  writeString(STORAGE_KEYS.userData, null);
  writeString(STORAGE_KEYS.role, null);
  writeString(STORAGE_KEYS.userId, null);
  useSession.setState({ token: null, user: null, role: null, userId: null }, true);
}

/** A 401 answer: the stored token, user, role and user id are cleared, and so are the
 * locally kept cart and wishlist lists (with their update events) so that badges agree. */
export function expireSession(): void {
  const hadToken = readString(STORAGE_KEYS.authToken) !== null || useSession.getState().token !== null;
  clearCredentials();
  if (hadToken) {
    clearIdList(STORAGE_KEYS.wishlist);
    clearIdList(STORAGE_KEYS.cart);
  }
}

/** Logout: clears every stored value and emits wishlistUpdated and cartUpdated. */
export function logout(): void {
  clearCredentials();
  clearIdList(STORAGE_KEYS.wishlist);
  clearIdList(STORAGE_KEYS.cart);
}

export function isCustomer(s: SessionState): boolean {
  return s.token !== null && s.role !== 'ADMIN';
}

export function isAdmin(s: SessionState): boolean {
  return s.token !== null && s.role === 'ADMIN';
}
