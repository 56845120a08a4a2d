import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderRoutes } from '@/testing/render';
import { cart, user } from '@/testing/fixtures';
import { adminUser, categoryTree, productPage, recordRequests, signInAdmin } from '@/testing/admin';
import { signIn, useSession } from '@/lib/session';
import { smallScreen } from '@/testing/media';
import { routes } from './router';

const storefrontHandlers = [
  http.get('/api/products', () => HttpResponse.json(productPage([]))),
  http.get('/api/cart', () => HttpResponse.json({ data: cart([]) })),
  http.get('/api/wishlist', () => HttpResponse.json({ data: { wishlist: { id: 'w', userId: 'u-1', items: [] } } })),
];
const adminRequests = (seen: string[]) => seen.filter((s) => /\/api\/(orders|auth\/me)/.test(s) || (s.startsWith('POST') || s.startsWith('PUT') || s.startsWith('DELETE')));

afterEach(() => {
  server.events.removeAllListeners();
});

describe('admin guard', () => {
  it('sends a guest to the storefront home with the sign-in prompt, without any admin request', async () => {
    server.use(...storefrontHandlers);
    const seen = recordRequests();
    const { router } = await renderRoutes(routes, '/admin/order');
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    expect(adminRequests(seen)).toEqual([]);
  });

  it('sends a signed-in customer away too', async () => {
    server.use(...storefrontHandlers);
    signIn('tok-c', user());
    const seen = recordRequests();
    const { router } = await renderRoutes(routes, '/admin/dashboard');
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText('3 Registered')).not.toBeInTheDocument();
    expect(adminRequests(seen)).toEqual([]);
  });

  it('does not trust a stored ADMIN role that the server denies', async () => {
    server.use(...storefrontHandlers, http.get('/api/auth/me', () => HttpResponse.json({ data: { user: user() } })));
    signIn('tok-c', { ...user(), userType: 'ADMIN' });
    const seen = recordRequests();
    const { router } = await renderRoutes(routes, '/admin/dashboard');
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(useSession.getState().role).toBe('CUSTOMER');
    expect(seen.filter((s) => s.includes('/orders'))).toEqual([]);
    expect(screen.queryByText('3 Registered')).not.toBeInTheDocument();
  });

  it('an expired admin token (401 from /auth/me) is sent away as a guest', async () => {
    server.use(...storefrontHandlers, http.get('/api/auth/me', () => HttpResponse.json({ message: 'Unauthorized', code: 'unauthorized' }, { status: 401 })));
    signIn('tok-old', adminUser());
    const { router } = await renderRoutes(routes, '/admin/category');
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(useSession.getState().token).toBeNull();
  });
});

describe('admin layout and dashboard', () => {
  function dashboardHandlers() {
    server.use(
      http.get('/api/categories', () => HttpResponse.json({ data: categoryTree() })),
      http.get('/api/orders/pending-count', () => HttpResponse.json({ data: { count: 7 } })),
    );
  }

  it('/admin goes to the dashboard: four cards with Manage and View All and the badges', async () => {
    signInAdmin();
    dashboardHandlers();
    const { router } = await renderRoutes(routes, '/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    for (const name of ['Dashboard', 'Category', 'Product', 'Order', 'Company', 'Legal pages']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Legal pages' })).toHaveAttribute('href', '/admin/legal');
    for (const [title, to] of [
      ['Category', '/admin/category'],
      ['Product', '/admin/product'],
      ['Order', '/admin/order'],
      ['Company', '/admin/company'],
    ]) {
      const card = screen.getByRole('region', { name: title });
      expect(within(card).getByRole('link', { name: 'Manage' })).toHaveAttribute('href', to);
      expect(within(card).getByRole('link', { name: 'View All' })).toHaveAttribute('href', to);
    }
    // 3 categories at all levels under Men, plus Women
    expect(await within(screen.getByRole('region', { name: 'Category' })).findByText('4 Active')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Order' })).findByText('7 Pending')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Company' })).getByText('3 Registered')).toBeInTheDocument();
  });

  it('an unknown admin path goes to the dashboard', async () => {
    signInAdmin();
    dashboardHandlers();
    const { router } = await renderRoutes(routes, '/admin/nothing/here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('logout clears the session, cart and wishlist (with their events) and goes to the store', async () => {
    signInAdmin();
    dashboardHandlers();
    server.use(...storefrontHandlers);
    window.localStorage.setItem('cart', '["v1"]');
    window.localStorage.setItem('wishlist', '["p1"]');
    const events: string[] = [];
    const onEvent = (e: Event) => events.push(e.type);
    window.addEventListener('cartUpdated', onEvent);
    window.addEventListener('wishlistUpdated', onEvent);
    const { router } = await renderRoutes(routes, '/admin/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(window.localStorage.getItem('role')).toBeNull();
    expect(window.localStorage.getItem('cart')).toBeNull();
    expect(window.localStorage.getItem('wishlist')).toBeNull();
    expect(events).toEqual(expect.arrayContaining(['cartUpdated', 'wishlistUpdated']));
    // a deliberate logout does not open the sign-in prompt
    expect(screen.queryByRole('dialog', { name: 'Sign In' })).not.toBeInTheDocument();
    window.removeEventListener('cartUpdated', onEvent);
    window.removeEventListener('wishlistUpdated', onEvent);
  });

  it('on a small screen the sidebar is a menu that closes on Escape', async () => {
    const restore = smallScreen();
    try {
      signInAdmin();
      dashboardHandlers();
      await renderRoutes(routes, '/admin/dashboard');
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
      expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
      const u = userEvent.setup();
      await u.click(screen.getByRole('button', { name: 'Open admin menu' }));
      expect(await screen.findByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
      await u.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument());
    } finally {
      restore();
    }
  });
});
