import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { renderRoutes } from '@/testing/render';
import { cart, cartItem } from '@/testing/fixtures';
import { signInShopper } from '@/testing/shopper';
import { routes } from './router';

const DROPPED = 'We could not confirm your order because the connection dropped. Press Place Order again: you will not be charged twice.';

/**
 * A shopper with one shirt in the cart and one address: the cart turns empty as soon as an
 * order is placed (as the server does), and `place` answers each POST /orders/place with the
 * keys sent so far.
 */
function checkoutWith(place: (keys: string[]) => Response | Promise<Response>) {
  const keys: string[] = [];
  let placed = false;
  signInShopper(
    http.get('/api/cart', () =>
      HttpResponse.json({ data: placed ? cart([]) : cart([cartItem()], { subtotal: 1500, discount: 200.5, total: 1299.5, itemCount: 1 }) }),
    ),
    http.get('/api/addresses', () =>
      HttpResponse.json({
        data: [
          { id: 'a-1', userId: 'u-1', fullName: 'Asha Rao', phone: '9876543210', landmark: null, addressLine1: '1 MG Road', addressLine2: null, city: 'Bengaluru', state: 'Karnataka', postalCode: '560001', isDefault: true },
        ],
      }),
    ),
    http.post('/api/orders/place', async ({ request }) => {
      keys.push(request.headers.get('idempotency-key') ?? '');
      // The order is placed by the first request the server sees, whether or not its answer arrives.
      placed = true;
      return place(keys);
    }),
  );
  return keys;
}

const placedAnswer = (status: 200 | 201) =>
  HttpResponse.json(
    { data: { id: 'order-123456789' }, message: status === 200 ? 'Order already placed' : 'Order placed', emailSent: false, created: status === 201 },
    { status },
  );

async function pressPlaceOrder(user: ReturnType<typeof userEvent.setup>) {
  const choice = await screen.findByRole('radio', { name: /1 MG Road/ });
  await waitFor(() => expect(choice).toBeChecked());
  await user.click(screen.getByRole('button', { name: 'Place Order' }));
}

describe('placing an order whose answer is lost', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries again with the same key when no answer came, and opens the success dialog', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const keys = checkoutWith((sent) => (sent.length === 1 ? HttpResponse.error() : placedAnswer(200)));
    await renderRoutes(routes, '/checkout');
    await pressPlaceOrder(userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await screen.findByText('Order Placed Successfully!')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(screen.queryByText('Your cart is empty')).not.toBeInTheDocument();
    // The first try placed the order and sent its confirmation: the answer to the repeat
    // knows nothing of that e-mail, so the shopper is not told it failed.
    expect(screen.getByText('Order placed successfully!')).toBeInTheDocument();
    expect(screen.queryByText('Order placed, but confirmation email failed')).not.toBeInTheDocument();
  });

  it('keeps the checkout and says to press Place Order again when the shop stays out of reach', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reachable = false;
    const keys = checkoutWith(() => (reachable ? placedAnswer(200) : HttpResponse.error()));
    await renderRoutes(routes, '/checkout');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await pressPlaceOrder(user);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await screen.findByRole('alert')).toHaveTextContent(DROPPED);
    // Retried, always with the one key.
    expect(keys.length).toBeGreaterThan(1);
    expect(new Set(keys).size).toBe(1);
    // The cart is empty on the server now, but the shopper still sees the checkout.
    expect(screen.queryByText('Your cart is empty')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    const again = screen.getByRole('button', { name: 'Place Order' });
    expect(again).toBeEnabled();

    reachable = true;
    const before = keys.length;
    await user.click(again);
    expect(await screen.findByText('Order Placed Successfully!')).toBeInTheDocument();
    expect(keys).toHaveLength(before + 1);
    expect(keys.at(-1)).toBe(keys[0]);
  });

  it('gives up waiting for a placement that never answers and counts it as no answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answering = false;
    const keys = checkoutWith(async () => {
      if (answering) return placedAnswer(200);
      await delay('infinite');
      return placedAnswer(201);
    });
    await renderRoutes(routes, '/checkout');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await pressPlaceOrder(user);
    expect(await screen.findByText('Placing your order…')).toBeVisible();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await screen.findByRole('alert')).toHaveTextContent(DROPPED);
    await waitFor(() => expect(screen.queryByText('Placing your order…')).not.toBeVisible());
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();

    answering = true;
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Order Placed Successfully!')).toBeInTheDocument();
    expect(new Set(keys).size).toBe(1);
  });
});

describe('a checkout whose cart is already empty', () => {
  it('(an order placed in another tab) offers the shopper’s orders beside Start Shopping', async () => {
    signInShopper();
    await renderRoutes(routes, '/checkout');
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByText('Add something to your cart before checking out.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/shop');
    expect(screen.getByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/myaccount/order');
  });
});
