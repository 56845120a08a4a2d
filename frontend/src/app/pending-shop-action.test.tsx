import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderRoutes, testQueryClient } from '@/testing/render';
import { cart, cartItem, product, user } from '@/testing/fixtures';
import type { CartItem } from '@/features/cart/types';
import type { Product } from '@/lib/api-types';
import { useUi } from '@/lib/ui';
import { AppProviders } from './providers';
import { routes } from './router';

const listing = (items: Product[]) => ({
  data: items,
  pagination: { totalItems: items.length, currentPage: 1, limit: 24, totalPages: 1 },
});

/**
 * The shop's server for a shopper who signs in through the dialog (as `userType`): the Linen Shirt
 * (S, M in stock) by listing and by id or slug, and a cart and wishlist that keep what is added.
 * Returns the cart and wishlist calls received.
 */
function shopServer({ lines = [] as CartItem[], userType = 'CUSTOMER' as 'CUSTOMER' | 'ADMIN' } = {}) {
  const calls = { added: [] as unknown[], updated: [] as unknown[], wishlisted: [] as string[] };
  let current = cart(lines);
  let wishlist: Product[] = [];
  const wishlistAnswer = () =>
    HttpResponse.json({ data: { wishlist: { id: 'w', userId: 'u-1', items: wishlist.map((p) => ({ productId: p.id, product: p })) } } });
  server.use(
    http.get('/api/products', () => HttpResponse.json(listing([product()]))),
    http.get('/api/products/:idOrSlug', () => HttpResponse.json({ data: product() })),
    http.post('/api/auth/login', () =>
      HttpResponse.json({ token: 'tok', user: user({ userType, username: userType === 'ADMIN' ? 'boss' : 'asha' }) }),
    ),
    http.get('/api/cart', () => HttpResponse.json({ data: current })),
    http.post('/api/cart/add', async ({ request }) => {
      const body = (await request.json()) as { productVariantId: string; quantity: number };
      calls.added.push(body);
      const chosen = product().variants.find((v) => v.id === body.productVariantId);
      current = cart([...current.items, cartItem({ id: 'line-new', quantity: body.quantity, variant: chosen })]);
      return HttpResponse.json({ data: current });
    }),
    http.put('/api/cart/update-quantity', async ({ request }) => {
      const body = (await request.json()) as { cartItemId: string; newQuantity: number };
      calls.updated.push(body);
      current = cart(current.items.map((i) => (i.id === body.cartItemId ? { ...i, quantity: body.newQuantity } : i)));
      return HttpResponse.json({ data: current });
    }),
    http.get('/api/wishlist', wishlistAnswer),
    http.post('/api/wishlist/:id', ({ params }) => {
      calls.wishlisted.push(String(params.id));
      wishlist = [...wishlist, product({ id: String(params.id) })];
      return wishlistAnswer();
    }),
  );
  return calls;
}

/** The card's size S went into the cart after sign-in, once: the notice, the badge and the one call. */
async function expectSmallAddedOnce(calls: { added: unknown[] }) {
  expect(await screen.findByText('Added to cart')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Cart, 1 items' })).toBeInTheDocument());
  expect(calls.added).toEqual([{ productVariantId: 'v-s', quantity: 1 }]);
}

async function signInThroughDialog(u: UserEvent) {
  const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
  await u.type(within(dialog).getByLabelText(/Email or username/), 'asha');
  await u.type(within(dialog).getByLabelText(/^Password/), 'Kesari-Jalebi-42');
  await u.click(within(dialog).getByRole('button', { name: 'Sign In' }));
}

async function tapAddToCartOnShop(u: UserEvent) {
  await u.click(await screen.findByRole('button', { name: 'Add to Cart, Linen Shirt' }));
  expect(await screen.findByText('Please login to add to cart')).toBeInTheDocument();
}

describe('an action asked for while signed out completes after signing in', () => {
  it('Add to Cart on a card: after signing in the size is in the cart, added once', async () => {
    const calls = shopServer();
    await renderRoutes(routes, '/shop');
    const u = userEvent.setup();
    await tapAddToCartOnShop(u);
    await signInThroughDialog(u);

    // The card's size chosen at first (S, the first in stock), one piece.
    await expectSmallAddedOnce(calls);
  });

  it('the product page: the chosen size and quantity are added after signing up', async () => {
    const calls = shopServer();
    server.use(
      http.post('/api/auth/register', () =>
        HttpResponse.json({ data: { token: 'tok', user: user({ username: 'ravi' }) }, message: 'Account created successfully' }),
      ),
    );
    await renderRoutes(routes, '/product/linen-shirt');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Size M' }));
    await u.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await u.click(screen.getByRole('button', { name: /Add to Cart - / }));
    expect(await screen.findByText('Please login to add to cart')).toBeInTheDocument();

    const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
    await u.click(within(dialog).getByRole('button', { name: 'Create an account' }));
    const register = await screen.findByRole('dialog', { name: 'Create Account' });
    await u.type(within(register).getByLabelText(/Username/), 'ravi');
    await u.type(within(register).getByLabelText(/^Email/), 'ravi@example.com');
    await u.type(within(register).getByLabelText(/^Password/), 'Kesari-Jalebi-42');
    await u.type(within(register).getByLabelText(/Confirm password/), 'Kesari-Jalebi-42');
    await u.click(within(register).getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(calls.added).toEqual([{ productVariantId: 'v-m', quantity: 2 }]);
  });

  it('a size already in the cart grows through the usual update, with its usual message', async () => {
    const calls = shopServer({ lines: [cartItem({ id: 'line-1', quantity: 1, variant: { id: 'v-s', size: 'S', stock: 3 } })] });
    await renderRoutes(routes, '/shop');
    const u = userEvent.setup();
    await tapAddToCartOnShop(u);
    await signInThroughDialog(u);

    expect(await screen.findByText('Increased quantity in cart')).toBeInTheDocument();
    expect(calls.updated).toEqual([{ cartItemId: 'line-1', newQuantity: 2 }]);
    expect(calls.added).toEqual([]);
  });

  it('the wishlist heart: after signing in the product is in the wishlist', async () => {
    const calls = shopServer();
    await renderRoutes(routes, '/shop');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Add Linen Shirt to wishlist' }));
    expect(await screen.findByText('Please login to wishlist')).toBeInTheDocument();
    await signInThroughDialog(u);

    expect(await screen.findByText('Added to wishlist')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Remove Linen Shirt from wishlist' })).toBeInTheDocument();
    expect(calls.wishlisted).toEqual(['p-1']);
  });

  it('closing the sign-in dialog drops it: signing in later adds nothing', async () => {
    const calls = shopServer();
    await renderRoutes(routes, '/shop');
    const u = userEvent.setup();
    await tapAddToCartOnShop(u);
    await u.click(within(await screen.findByRole('dialog', { name: 'Sign In' })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign In' })).not.toBeInTheDocument());

    // Later the shopper opens the cart from the header and signs in there.
    await u.click(screen.getByRole('button', { name: /^Cart, / }));
    await signInThroughDialog(u);
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.queryByText('Added to cart')).not.toBeInTheDocument();
    expect(calls.added).toEqual([]);
  });

  it('an admin signing in has no cart: the action is dropped', async () => {
    // The back office the admin lands on is answered with nothing, whatever it asks.
    server.use(http.get('/api/*', () => HttpResponse.json({ data: [] })));
    const calls = shopServer({ userType: 'ADMIN' });
    const { router } = await renderRoutes(routes, '/shop');
    const u = userEvent.setup();
    await tapAddToCartOnShop(u);
    await signInThroughDialog(u);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    // Nothing is kept for a later customer sign-in in this tab either.
    expect(window.sessionStorage.length).toBe(0);
    expect(calls.added).toEqual([]);
  });

  it('a reload while signing in keeps it: signing in after the reload adds the piece', async () => {
    const calls = shopServer();
    const first = await renderRoutes(routes, '/shop');
    const u = userEvent.setup();
    await tapAddToCartOnShop(u);
    await screen.findByRole('dialog', { name: 'Sign In' });
    first.unmount();
    // A reload forgets what was in memory (the open dialog); sessionStorage stays.
    useUi.setState({ loginOpen: false, loginRedirect: null });

    // The reloaded page: the shopper signs in from the header's cart button.
    await renderRoutes(routes, '/shop');
    await u.click(await screen.findByRole('button', { name: /^Cart, / }));
    await signInThroughDialog(u);
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Linen Shirt, size S' })).toBeInTheDocument();
    expect(calls.added).toEqual([{ productVariantId: 'v-s', quantity: 1 }]);
  });

  it('under React strict mode (effects run twice) it is still added once', async () => {
    const calls = shopServer();
    const router = createMemoryRouter(routes, { initialEntries: ['/shop'] });
    render(
      <StrictMode>
        <AppProviders client={testQueryClient()}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
    const u = userEvent.setup();
    await tapAddToCartOnShop(u);
    await signInThroughDialog(u);
    await expectSmallAddedOnce(calls);
  });
});
