import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { user } from '@/testing/fixtures';
import { ApiError, api } from './api';
import { expireSession, logout, signIn, useSession } from './session';
import { CART_EVENT, STORAGE_KEYS, WISHLIST_EVENT, readIdList, writeIdList } from './storage';

afterEach(() => {
  logout();
});

describe('session storage', () => {
  it('login stores authToken, userData, role and userId', () => {
    signIn('tok-1', user({ id: 'u-7', userType: 'CUSTOMER' }));
    expect(localStorage.getItem('authToken')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}').username).toBe('asha');
    expect(localStorage.getItem('role')).toBe('CUSTOMER');
    expect(localStorage.getItem('userId')).toBe('u-7');
    expect(useSession.getState().token).toBe('tok-1');
  });

  it('sends the bearer token', async () => {
    let auth: string | null = null;
    server.use(
      http.get('/api/auth/me', ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ data: { user: user() } });
      }),
    );
    signIn('tok-2', user());
    await api.get('/auth/me');
    expect(auth).toBe('Bearer tok-2');
  });

  it('a 401 answer clears the stored token, user, role and user id', async () => {
    server.use(http.get('/api/cart', () => HttpResponse.json({ message: 'Session expired', code: 'unauthorized' }, { status: 401 })));
    signIn('tok-3', user());
    writeIdList(STORAGE_KEYS.cart, ['v-1']);
    const cartEvents = vi.fn();
    window.addEventListener(CART_EVENT, cartEvents);

    await expect(api.get('/cart')).rejects.toMatchObject({ status: 401, message: 'Session expired' });

    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    expect(useSession.getState()).toMatchObject({ token: null, user: null, role: null });
    expect(readIdList(STORAGE_KEYS.cart)).toEqual([]);
    expect(cartEvents).toHaveBeenCalled();
    window.removeEventListener(CART_EVENT, cartEvents);
  });

  it('other errors keep the session and carry the server message and code', async () => {
    server.use(http.post('/api/cart/add', () => HttpResponse.json({ message: 'This size is out of stock', code: 'out_of_stock' }, { status: 409 })));
    signIn('tok-4', user());
    const error = await api.post('/cart/add', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'out_of_stock', message: 'This size is out of stock' });
    expect(localStorage.getItem('authToken')).toBe('tok-4');
  });

  it('expireSession without a session does not broadcast', () => {
    const events = vi.fn();
    window.addEventListener(WISHLIST_EVENT, events);
    expireSession();
    expect(events).not.toHaveBeenCalled();
    window.removeEventListener(WISHLIST_EVENT, events);
  });
});

describe('id lists and their events', () => {
  it('writing the wishlist emits wishlistUpdated once per change', () => {
    const events = vi.fn();
    window.addEventListener(WISHLIST_EVENT, events);
    writeIdList(STORAGE_KEYS.wishlist, ['p-1', 'p-2', 'p-1']);
    expect(JSON.parse(localStorage.getItem('wishlist') ?? '[]')).toEqual(['p-1', 'p-2']);
    expect(events).toHaveBeenCalledTimes(1);
    writeIdList(STORAGE_KEYS.wishlist, ['p-1', 'p-2']);
    expect(events).toHaveBeenCalledTimes(1);
    window.removeEventListener(WISHLIST_EVENT, events);
  });

  it('logout clears everything and emits both events', () => {
    signIn('tok-5', user());
    writeIdList(STORAGE_KEYS.wishlist, ['p-1']);
    writeIdList(STORAGE_KEYS.cart, ['v-1']);
    const wl = vi.fn();
    const ct = vi.fn();
    window.addEventListener(WISHLIST_EVENT, wl);
    window.addEventListener(CART_EVENT, ct);
    logout();
    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(wl).toHaveBeenCalledTimes(1);
    expect(ct).toHaveBeenCalledTimes(1);
    window.removeEventListener(WISHLIST_EVENT, wl);
    window.removeEventListener(CART_EVENT, ct);
  });
});
