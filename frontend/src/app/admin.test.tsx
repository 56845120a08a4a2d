import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderRoutes } from '@/testing/render';
import { user } from '@/testing/fixtures';
import { emptyBasket } from '@/testing/shopper';
import { adminUser, categoryTree, openAdmin, productPage, recordRequests, signInAdmin } from '@/testing/admin';
import { signIn, useSession } from '@/lib/session';
import { smallScreen } from '@/testing/media';
import { routes } from './router';

const storefrontHandlers = [
  http.get('/api/products', () => HttpResponse.json(productPage([]))),
  ...emptyBasket,
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

  it("tells a signed-in customer that this area is for the shop's staff, without a sign-in prompt or any admin request", async () => {
    server.use(...storefrontHandlers);
    signIn('tok-c', user());
    const seen = recordRequests();
    const { router } = await renderRoutes(routes, '/admin/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: "This area is for the shop's staff" })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByText('3 Registered')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    expect(adminRequests(seen)).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back to the shop' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('does not trust a stored ADMIN role that the server denies', async () => {
    server.use(...storefrontHandlers, http.get('/api/auth/me', () => HttpResponse.json({ data: { user: user() } })));
    signIn('tok-c', { ...user(), userType: 'ADMIN' });
    const seen = recordRequests();
    await renderRoutes(routes, '/admin/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: "This area is for the shop's staff" })).toBeInTheDocument();
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
      http.get('/api/reports/summary', () => HttpResponse.json({ data: summary() })),
    );
  }

  function summary() {
    const days = Array.from({ length: 30 }, (_, i) => ({
      date: `2026-10-${String(i + 1).padStart(2, '0')}`,
      orders: i === 29 ? 3 : i === 10 ? 2 : 0,
      revenue: i === 29 ? 123456.5 : i === 10 ? 1000 : 0,
    }));
    return { today: days[29], days, pendingOrders: 7, lowStockVariants: 4, outOfStockVariants: 2, lowStockMax: 5 };
  }

  it('the dashboard shows the day\'s figures beside the four cards, each a link to its filtered list', async () => {
    signInAdmin();
    dashboardHandlers();
    await renderRoutes(routes, '/admin/dashboard');
    const today = await screen.findByRole('region', { name: "Today's orders" });
    expect(within(today).getByText('3')).toBeInTheDocument();
    expect(within(today).getByRole('link')).toHaveAttribute('href', '/admin/order?from=2026-10-30&to=2026-10-30');
    const revenue = screen.getByRole('region', { name: "Today's revenue" });
    expect(within(revenue).getByText('₹1,23,456.50')).toBeInTheDocument();
    const waiting = screen.getByRole('region', { name: 'Waiting to ship' });
    expect(within(waiting).getByText('7')).toBeInTheDocument();
    expect(within(waiting).getByRole('link')).toHaveAttribute('href', '/admin/order?status=PENDING');
    const low = screen.getByRole('region', { name: 'Low stock' });
    expect(within(low).getByText('4')).toBeInTheDocument();
    expect(within(low).getByText('Variants with 1 to 5 left')).toBeInTheDocument();
    expect(within(low).getByRole('link')).toHaveAttribute('href', '/admin/product?stock=low');
    expect(within(screen.getByRole('region', { name: 'Out of stock' })).getByRole('link')).toHaveAttribute('href', '/admin/product?stock=out');
    const month = screen.getByRole('region', { name: 'Last 30 days' });
    expect(within(month).getByText('5 orders · ₹1,24,456.50')).toBeInTheDocument();
    expect(within(month).getAllByRole('link')[0]).toHaveAttribute('href', '/admin/order?from=2026-10-01&to=2026-10-30');
    // The four cards of the specification stay.
    for (const title of ['Category', 'Product', 'Order', 'Company']) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
  });

  it('a dashboard whose figures fail offers to try again and keeps the cards', async () => {
    signInAdmin();
    dashboardHandlers();
    let calls = 0;
    server.use(
      http.get('/api/reports/summary', () => {
        calls += 1;
        return calls === 1 ? new HttpResponse(null, { status: 500 }) : HttpResponse.json({ data: summary() });
      }),
    );
    await renderRoutes(routes, '/admin/dashboard');
    expect(await screen.findByText("Failed to load the shop's figures")).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Order' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByRole('region', { name: 'Waiting to ship' })).toBeInTheDocument();
  });

  it('/admin goes to the dashboard: four cards with Manage and View All and the badges', async () => {
    dashboardHandlers();
    const { router } = await openAdmin('/admin', 'Dashboard');
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    for (const name of ['Dashboard', 'Category', 'Product', 'Order', 'Returns', 'Company', 'Legal pages']) {
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
    dashboardHandlers();
    const { router } = await openAdmin('/admin/nothing/here', 'Dashboard');
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
      dashboardHandlers();
      await openAdmin('/admin/dashboard', 'Dashboard');
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
