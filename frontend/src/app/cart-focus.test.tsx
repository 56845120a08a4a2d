import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { renderRoutes } from '@/testing/render';
import { cart, cartItem } from '@/testing/fixtures';
import { applyFocusFixup } from '@/testing/focus';
import { signInShopper } from '@/testing/shopper';
import type { CartItem } from '@/features/cart/types';
import { routes } from './router';

/** A cart of a Linen Shirt (M, stock 5) and a Kurta (S), whose server applies each change after a moment. */
function cartServer(lines: CartItem[]) {
  let current = cart(lines);
  signInShopper(
    http.get('/api/cart', () => HttpResponse.json({ data: current })),
    http.put('/api/cart/update-quantity', async ({ request }) => {
      const { cartItemId, newQuantity } = (await request.json()) as { cartItemId: string; newQuantity: number };
      await delay(50);
      current = cart(current.items.map((i) => (i.id === cartItemId ? { ...i, quantity: newQuantity } : i)));
      return HttpResponse.json({ data: current });
    }),
    http.delete('/api/cart/remove/:id', async ({ params }) => {
      await delay(50);
      current = cart(current.items.filter((i) => i.id !== params.id));
      return HttpResponse.json({ data: current });
    }),
  );
}

const shirt = cartItem({ id: 'line-shirt', quantity: 2, variant: { id: 'v-m', size: 'M', stock: 5 } });
const kurta = cartItem({
  id: 'line-kurta',
  quantity: 1,
  variant: { id: 'v-k', size: 'S', stock: 4 },
  product: { id: 'p-2', name: 'Cotton Kurta', slug: 'cotton-kurta', images: [], variant: { ...shirt.product.variant, id: 'v-k', size: 'S', stock: 4 } },
});

const line = (name: string) => screen.getByRole('listitem', { name });
const quantityOf = (name: string) => within(line(name)).getByRole('group', { name: /^Quantity of / }).querySelector('output');

describe('changing a quantity on the cart page keeps the keyboard where it was', () => {
  let stopFixup = () => {};
  beforeEach(() => {
    stopFixup = applyFocusFixup();
  });
  afterEach(() => stopFixup());

  it('+ pressed with Enter keeps the focus after the update', async () => {
    cartServer([shirt, kurta]);
    await renderRoutes(routes, '/cart');
    const u = userEvent.setup();
    const plus = await screen.findAllByRole('button', { name: 'Increase quantity' });
    plus[0].focus();
    await u.keyboard('{Enter}');
    await waitFor(() => expect(quantityOf('Linen Shirt, size M')).toHaveTextContent('3'));
    await waitFor(() => expect(within(line('Linen Shirt, size M')).getByRole('button', { name: 'Increase quantity' })).toBeEnabled());
    expect(within(line('Linen Shirt, size M')).getByRole('button', { name: 'Increase quantity' })).toHaveFocus();

    // And once more: the shopper can keep pressing.
    await u.keyboard('{Enter}');
    await waitFor(() => expect(quantityOf('Linen Shirt, size M')).toHaveTextContent('4'));
    await waitFor(() => expect(within(line('Linen Shirt, size M')).getByRole('button', { name: 'Increase quantity' })).toBeEnabled());
    expect(within(line('Linen Shirt, size M')).getByRole('button', { name: 'Increase quantity' })).toHaveFocus();
  });

  it('− pressed down to 1 (where − is disabled) leaves the focus on the line’s +', async () => {
    cartServer([shirt, kurta]);
    await renderRoutes(routes, '/cart');
    const u = userEvent.setup();
    const minus = await screen.findAllByRole('button', { name: 'Decrease quantity' });
    minus[0].focus();
    await u.keyboard('{Enter}');
    await waitFor(() => expect(quantityOf('Linen Shirt, size M')).toHaveTextContent('1'));
    await waitFor(() => expect(within(line('Linen Shirt, size M')).getByRole('button', { name: 'Increase quantity' })).toHaveFocus());
  });

  it('a removed line hands the focus to the next line’s Remove, and the last one to the empty cart', async () => {
    cartServer([shirt, kurta]);
    await renderRoutes(routes, '/cart');
    const u = userEvent.setup();
    (await screen.findByRole('button', { name: 'Remove Linen Shirt from cart' })).focus();
    await u.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Linen Shirt, size M' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Cotton Kurta from cart' })).toHaveFocus());

    await u.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toHaveFocus());
  });
});
