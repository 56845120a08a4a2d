import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderRoutes } from '@/testing/render';
import { cart, cartItem, category, order, product, user, variant } from '@/testing/fixtures';
import { signInShopper } from '@/testing/shopper';
import { typeAddress } from '@/testing/accounts';
import { signIn } from '@/lib/session';
import type { Order, Product } from '@/lib/api-types';
import { routes } from './router';

function listAnswer(products: Product[], extra: Record<string, unknown> = {}) {
  return {
    data: products,
    pagination: { totalItems: products.length, currentPage: 1, limit: 24, totalPages: 1 },
    facets: {
      price: { min: 500, max: 2500 },
      colors: [{ color: 'Blue', colorHexCode: '#1e40af', count: 2 }],
      sizes: [
        { size: 'M', count: 2 },
        { size: 'S', count: 1 },
      ],
      categories: [{ id: 'c-men', name: 'Men', count: 2 }],
    },
    ...extra,
  };
}

describe('shop listing', () => {
  it('shows the count and sends filters to the server', async () => {
    const seen: URLSearchParams[] = [];
    server.use(
      http.get('/api/products', ({ request }) => {
        const params = new URL(request.url).searchParams;
        seen.push(params);
        const items = params.get('sizes') === 'S' ? [product({ id: 'p-2', name: 'Tee', slug: 'tee' })] : [product(), product({ id: 'p-2', name: 'Tee', slug: 'tee' })];
        return HttpResponse.json(listAnswer(items));
      }),
    );
    const { router } = await renderRoutes(routes, '/shop');
    expect(await screen.findByText('2 product(s) found')).toBeInTheDocument();
    expect(document.title).toBe('Shop | Test Shop');
    expect(seen[0].get('limit')).toBe('24');
    expect(seen[0].get('page')).toBe('1');

    const filters = (await screen.findAllByRole('form', { name: 'Filters' }))[0];
    await userEvent.setup().click(within(filters).getByRole('button', { name: 'S' }));
    expect(await screen.findByText('1 product(s) found')).toBeInTheDocument();
    expect(seen.at(-1)?.get('sizes')).toBe('S');
    expect(router.state.location.search).toBe('?sizes=S');
  });

  it('sorts with the Sort by picker', async () => {
    const sorts: (string | null)[] = [];
    server.use(
      http.get('/api/products', ({ request }) => {
        sorts.push(new URL(request.url).searchParams.get('sort'));
        return HttpResponse.json(listAnswer([product()]));
      }),
    );
    const { router } = await renderRoutes(routes, '/shop');
    const picker = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(picker).toHaveValue('newest');
    await userEvent.setup().selectOptions(picker, 'Price: Low to High');
    await waitFor(() => expect(sorts.at(-1)).toBe('price_asc'));
    expect(router.state.location.search).toBe('?sort=price_asc');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
  });

  it('shows the empty state and clears the filters', async () => {
    server.use(
      http.get('/api/products', ({ request }) => {
        const colors = new URL(request.url).searchParams.get('colors');
        return HttpResponse.json(listAnswer(colors ? [] : [product()]));
      }),
    );
    const { router } = await renderRoutes(routes, '/shop?colors=Red');
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filters')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText('1 product(s) found')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('a page past the last says so and offers the last page', async () => {
    server.use(
      http.get('/api/products', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        const pagination = { totalItems: 60, currentPage: page, limit: 24, totalPages: 3 };
        return HttpResponse.json(listAnswer(page <= 3 ? [product()] : [], { pagination }));
      }),
    );
    const { router } = await renderRoutes(routes, '/shop?page=99');
    expect(await screen.findByText('There is no page 99')).toBeInTheDocument();
    expect(screen.queryByText('No products found')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: /pagination/i })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
  });

  it('a category route lists that category with its name as title', async () => {
    let categoryId: string | null = null;
    server.use(
      http.get('/api/categories', () => HttpResponse.json({ data: [category({ id: 'c-ms', name: 'Men Shirts', slug: 'men-shirts' })] })),
      http.get('/api/products', ({ request }) => {
        categoryId = new URL(request.url).searchParams.get('categoryId');
        return HttpResponse.json(listAnswer([product()]));
      }),
    );
    await renderRoutes(routes, '/category/men-shirts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Men Shirts' })).toBeInTheDocument();
    await screen.findByText('1 product(s) found');
    expect(categoryId).toBe('c-ms');
  });
});

describe('guest restrictions', () => {
  it('a guest adding to cart is told to log in and the sign-in dialog opens', async () => {
    server.use(http.get('/api/products', () => HttpResponse.json(listAnswer([product()]))));
    await renderRoutes(routes, '/shop');
    await screen.findByText('1 product(s) found');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add to Cart, Linen Shirt' }));
    expect(await screen.findByText('Please login to add to cart')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('a guest opening search is told to log in', async () => {
    server.use(http.get('/api/products', () => HttpResponse.json(listAnswer([]))));
    await renderRoutes(routes, '/shop');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Search products' }));
    expect(await screen.findByText('Please login to search a product')).toBeInTheDocument();
  });

  it('an admin cannot add to the wishlist', async () => {
    signIn('tok-admin', user({ userType: 'ADMIN', username: 'boss' }));
    server.use(http.get('/api/products', () => HttpResponse.json(listAnswer([product()]))));
    await renderRoutes(routes, '/shop');
    await screen.findByText('1 product(s) found');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add Linen Shirt to wishlist' }));
    expect(await screen.findByText('Admin cannot add products to wishlist')).toBeInTheDocument();
  });
});

describe('product detail', () => {
  it('a deep link loads the product by slug', async () => {
    server.use(
      http.get('/api/products/linen-shirt', () => HttpResponse.json({ data: product() })),
      http.get('/api/products', () => HttpResponse.json(listAnswer([]))),
    );
    await renderRoutes(routes, '/product/linen-shirt');
    expect(await screen.findByRole('heading', { level: 1, name: 'Linen Shirt' })).toBeInTheDocument();
    expect(screen.getByText('2 sizes available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Size L (out of stock)' })).toBeDisabled();
    // first in-stock size (S) is chosen; the button shows the total
    expect(screen.getByRole('button', { name: /Add to Cart - ₹1,299.50/ })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByRole('button', { name: /Add to Cart - ₹2,599.00/ })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Linen Shirt | Test Shop'));
  });

  it('a missing product shows Product not found and Return to Home', async () => {
    server.use(
      http.get('/api/products/nope', () => HttpResponse.json({ message: 'Product not found', code: 'not_found' }, { status: 404 })),
    );
    await renderRoutes(routes, '/product/nope');
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('a signed-in customer adds the chosen quantity and goes to the cart', async () => {
    let added: unknown = null;
    let current = cart([]);
    signInShopper(
      http.get('/api/products/linen-shirt', () => HttpResponse.json({ data: product() })),
      http.get('/api/products', () => HttpResponse.json(listAnswer([]))),
      http.get('/api/cart', () => HttpResponse.json({ data: current })),
      http.post('/api/cart/add', async ({ request }) => {
        added = await request.json();
        current = cart([cartItem({ quantity: 2, variant: { id: 'v-s', size: 'S', stock: 3 } })]);
        return HttpResponse.json({ data: current });
      }),
    );
    const { router } = await renderRoutes(routes, '/product/linen-shirt');
    await screen.findByRole('heading', { level: 1, name: 'Linen Shirt' });
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await u.click(screen.getByRole('button', { name: /Add to Cart - / }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(added).toEqual({ productVariantId: 'v-s', quantity: 2 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toEqual(['v-s']);
    expect(await screen.findByRole('heading', { name: 'Shopping Cart' })).toBeInTheDocument();
  });
});

describe('product detail sizes', () => {
  function serveProduct(p: Product) {
    let added: unknown = null;
    let current = cart([]);
    signInShopper(
      http.get('/api/products/linen-shirt', () => HttpResponse.json({ data: p })),
      http.get('/api/products', () => HttpResponse.json(listAnswer([]))),
      http.get('/api/cart', () => HttpResponse.json({ data: current })),
      http.post('/api/cart/add', async ({ request }) => {
        added = await request.json();
        current = cart([cartItem()]);
        return HttpResponse.json({ data: current });
      }),
    );
    return () => added;
  }

  it('a product with one size keeps it chosen when its chip is tapped, and adds it', async () => {
    const added = serveProduct(product({ variants: [variant({ id: 'v-free', size: 'Free Size', stock: 4 })] }));
    await renderRoutes(routes, '/product/linen-shirt');
    const only = await screen.findByRole('button', { name: 'Size Free Size' });
    expect(only).toHaveAttribute('aria-pressed', 'true');
    const u = userEvent.setup();
    await u.click(only);
    expect(only).toHaveAttribute('aria-pressed', 'true');
    await u.click(screen.getByRole('button', { name: /Add to Cart - / }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(screen.queryByText('Please select a size first')).not.toBeInTheDocument();
    expect(added()).toEqual({ productVariantId: 'v-free', quantity: 1 });
  });

  it('with several sizes, tapping the chosen size clears it', async () => {
    serveProduct(product());
    await renderRoutes(routes, '/product/linen-shirt');
    const small = await screen.findByRole('button', { name: 'Size S' });
    expect(small).toHaveAttribute('aria-pressed', 'true');
    const u = userEvent.setup();
    await u.click(small);
    expect(small).toHaveAttribute('aria-pressed', 'false');
    await u.click(screen.getByRole('button', { name: /Add to Cart/ }));
    expect(await screen.findByText('Please select a size first')).toBeInTheDocument();
  });
});

describe('cart and checkout', () => {
  // Two pieces at ₹800 with ₹200 off an MRP of ₹1,000, with the figures the server sends.
  const twoShirts = cartItem({
    quantity: 2,
    variant: { stock: 2, originalPrice: 800, discountPrice: 200, mrp: 1000, percentOff: 20 },
    lineTotal: 1600,
    lineMrp: 2000,
    lineDiscount: 400,
  });
  function signedInCart(items = [twoShirts], summary = { subtotal: 2000, discount: 400, tax: 0, total: 1600, itemCount: 2 }) {
    signInShopper(http.get('/api/cart', () => HttpResponse.json({ data: cart(items, items.length ? summary : {}) })));
  }

  it('the cart shows the summary and bounds the quantity by stock', async () => {
    signedInCart();
    await renderRoutes(routes, '/cart');
    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('₹2,000.00')).toBeInTheDocument();
    expect(within(summary).getByText('- ₹400.00')).toBeInTheDocument();
    expect(within(summary).getByText('₹0.00')).toBeInTheDocument();
    expect(within(summary).getByText('₹1,600.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();
    expect(screen.getByText('Save ₹400.00')).toBeInTheDocument();
  });

  it('an empty cart says so', async () => {
    signedInCart([]);
    await renderRoutes(routes, '/cart');
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toBeInTheDocument();
  });

  it('a cart that lost lines the shop no longer sells names them until the shopper says OK', async () => {
    const removed = [{ productName: 'Indigo Kurta', size: 'M', color: 'Indigo', quantity: 2, removedAt: '2026-11-27T10:00:00.000Z' }];
    let dismissed = false;
    signInShopper(
      http.get('/api/cart', () => HttpResponse.json({ data: cart([], {}, dismissed ? [] : removed) })),
      http.delete('/api/cart/removed', () => {
        dismissed = true;
        return HttpResponse.json({ data: cart([]) });
      }),
    );
    await renderRoutes(routes, '/checkout');
    // Not only "Your cart is empty": the shopper learns why.
    expect(await screen.findByText('An item is no longer sold')).toBeInTheDocument();
    expect(screen.getByText('Indigo Kurta (size M, Indigo) × 2')).toBeInTheDocument();
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('An item is no longer sold')).not.toBeInTheDocument());
    expect(dismissed).toBe(true);
  });

  it('an empty cart whose lines the shop stopped selling does not say nothing was added', async () => {
    const removed = [{ productName: 'Indigo Kurta', size: 'M', color: 'Indigo', quantity: 2, removedAt: '2026-11-27T10:00:00.000Z' }];
    signInShopper(http.get('/api/cart', () => HttpResponse.json({ data: cart([], {}, removed) })));
    await renderRoutes(routes, '/cart');
    expect(await screen.findByText('An item is no longer sold')).toBeInTheDocument();
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByText('Find something else you like.')).toBeInTheDocument();
    expect(screen.queryByText('Looks like you have not added anything yet.')).not.toBeInTheDocument();
  });

  it('places a COD order with an idempotency key and opens the success dialog', async () => {
    signedInCart();
    localStorage.setItem('cart', JSON.stringify(['v-m']));
    let headers: Headers | null = null;
    let body: unknown = null;
    server.use(
      http.get('/api/addresses', () =>
        HttpResponse.json({
          data: [
            { id: 'a-1', userId: 'u-1', addressLine1: '1 MG Road', addressLine2: null, city: 'Bengaluru', state: 'KA', postalCode: '560001', isDefault: false },
            { id: 'a-2', userId: 'u-1', addressLine1: '2 Park St', addressLine2: null, city: 'Kolkata', state: 'WB', postalCode: '700016', isDefault: true },
          ],
        }),
      ),
      http.post('/api/orders/place', async ({ request }) => {
        headers = request.headers;
        body = await request.json();
        return HttpResponse.json({ data: { id: 'order-123456789' }, message: 'Order placed', emailSent: false }, { status: 201 });
      }),
    );
    await renderRoutes(routes, '/checkout');
    const defaultChoice = await screen.findByRole('radio', { name: /2 Park St/ });
    await waitFor(() => expect(defaultChoice).toBeChecked());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Order Placed Successfully!')).toBeInTheDocument();
    expect(screen.getByText('Order placed, but confirmation email failed')).toBeInTheDocument();
    // The total shown: a price changed since is refused by the server, not charged unseen.
    expect(body).toEqual({ addressId: 'a-2', paymentMethod: 'COD', expectedTotal: 1600 });
    expect(headers!.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem('cart')).toBeNull();
    expect(screen.getByRole('button', { name: 'View Order History' })).toBeInTheDocument();
  });

  it('asks for an address when there is none', async () => {
    signedInCart();
    server.use(http.get('/api/addresses', () => HttpResponse.json({ data: [] })));
    await renderRoutes(routes, '/checkout');
    await screen.findByText(/No addresses yet/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Please select an address.')).toBeInTheDocument();
  });

  it('prints each address landmark as the shopper typed it', async () => {
    signedInCart();
    const address = { userId: 'u-1', fullName: 'Asha Rao', phone: '9876543210', addressLine2: null, city: 'Bengaluru', state: 'Karnataka', postalCode: '560001' };
    server.use(
      http.get('/api/addresses', () =>
        HttpResponse.json({
          data: [
            { ...address, id: 'a-1', landmark: 'Near CMH Hospital', addressLine1: '1 MG Road', isDefault: true },
            { ...address, id: 'a-2', landmark: 'Opp. Cool Joint', addressLine1: '5 Jayanagar', isDefault: false },
          ],
        }),
      ),
    );
    await renderRoutes(routes, '/checkout');
    expect(await screen.findByRole('radio', { name: /^Asha Rao, 1 MG Road, Near CMH Hospital, Bengaluru/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Asha Rao, 5 Jayanagar, Opp\. Cool Joint, Bengaluru/ })).toBeInTheDocument();
    expect(screen.queryByText(/near Near|near Opp/)).not.toBeInTheDocument();
  });

  it('a new address at checkout whose PIN code is not in the state says so under the PIN field', async () => {
    signedInCart();
    server.use(
      http.get('/api/addresses', () => HttpResponse.json({ data: [] })),
      http.post('/api/addresses', () =>
        HttpResponse.json({ message: 'This PIN code is not in Karnataka', code: 'pin_not_in_state', field: 'postalCode' }, { status: 422 }),
      ),
    );
    await renderRoutes(routes, '/checkout');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: /Add New Address/i }));
    await typeAddress(u, { fullName: 'Ravi Kumar', phone: '9876543210', addressLine1: '9 MG Road', city: 'Mumbai', state: 'Karnataka', postalCode: '400001' });
    await u.click(screen.getByRole('button', { name: 'Add Address' }));
    const pin = screen.getByLabelText(/PIN code/);
    await waitFor(() => expect(pin).toHaveAttribute('aria-invalid', 'true'));
    expect(pin).toHaveAccessibleDescription('This PIN code is not in Karnataka');
  });

  it('shows the cash-on-delivery rule that refuses the order and keeps Place Order disabled', async () => {
    signedInCart();
    server.use(
      http.get('/api/addresses', () =>
        HttpResponse.json({
          data: [
            { id: 'a-1', userId: 'u-1', fullName: 'Asha Rao', phone: '9876543210', landmark: null, addressLine1: '1 MG Road', addressLine2: null, city: 'Bengaluru', state: 'Karnataka', postalCode: '560001', isDefault: true },
          ],
        }),
      ),
      http.get('/api/checkout/cod', () =>
        HttpResponse.json({
          data: {
            available: false,
            code: 'cod_pincode_blocked',
            message: 'Cash on delivery is not available for PIN code 560001',
            rules: { codMinOrderValue: null, codMaxOrderValue: 10000, maxOpenCodOrders: 3, maxUnitsPerLine: 10 },
          },
        }),
      ),
    );
    await renderRoutes(routes, '/checkout');
    expect(await screen.findByRole('radio', { name: /Asha Rao, 1 MG Road, Bengaluru, Karnataka, 560001, \+91-98765-43210/ })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Cash on delivery' })).toHaveTextContent(
      'Cash on delivery is not available for PIN code 560001',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled());
  });
});

describe('account area', () => {
  it('/myaccount and unknown paths under it go to the dashboard', async () => {
    signInShopper();
    const { router } = await renderRoutes(routes, '/myaccount/whatever');
    await waitFor(() => expect(router.state.location.pathname).toBe('/myaccount/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('cancels a pending order after confirmation', async () => {
    let status: Order['deliveryStatus'] = 'PENDING';
    const current = () => order({ id: 'abcdef12-0000', items: [], deliveryStatus: status, status: status.toLowerCase(), orderTotal: 1600 });
    signInShopper(
      http.get('/api/orders/my-orders', () => HttpResponse.json({ data: [current()] })),
      http.put('/api/orders/:id/cancel', () => {
        status = 'CANCELED';
        return HttpResponse.json({ data: current(), message: 'cancelled' });
      }),
    );
    await renderRoutes(routes, '/myaccount/order');
    expect(await screen.findByText('Pending')).toBeInTheDocument();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Cancel Order' }));
    await u.click(await screen.findByRole('button', { name: 'Yes, cancel order' }));
    expect(await screen.findByText('Order cancelled successfully!')).toBeInTheDocument();
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
  });
});
