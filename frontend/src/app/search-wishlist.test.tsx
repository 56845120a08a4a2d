import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderRoutes } from '@/testing/render';
import { cart, product, user } from '@/testing/fixtures';
import { signIn } from '@/lib/session';
import type { Product } from '@/lib/api-types';
import { READABLE } from '@/theme/contrast';
import { routes } from './router';

function customerSession(initialWishlist: Product[] = []) {
  signIn('tok', user());
  let wishlist = initialWishlist;
  const answer = () =>
    HttpResponse.json({
      data: { wishlist: { id: 'w', userId: 'u-1', items: wishlist.map((p) => ({ productId: p.id, product: p })) } },
    });
  server.use(
    http.get('/api/cart', () => HttpResponse.json({ data: cart([]) })),
    http.get('/api/wishlist', answer),
    http.post('/api/wishlist/:id', ({ params }) => {
      wishlist = [...wishlist, product({ id: String(params.id) })];
      return answer();
    }),
    http.delete('/api/wishlist/:id', ({ params }) => {
      wishlist = wishlist.filter((p) => p.id !== params.id);
      return answer();
    }),
  );
}

describe('search overlay', () => {
  it('lists the first products on an empty query and searches after typing (debounced)', async () => {
    customerSession();
    const queries: string[] = [];
    server.use(
      http.get('/api/products', () => HttpResponse.json({ data: [], pagination: { totalItems: 0, currentPage: 1, limit: 24, totalPages: 1 } })),
      http.get('/api/products/search', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        queries.push(q);
        if (q === 'linen shrit') return HttpResponse.json({ data: [], didYouMean: 'linen shirt' });
        return HttpResponse.json({ data: q === '' || q === 'linen shirt' ? [product()] : [] });
      }),
    );
    await renderRoutes(routes, '/shop');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Search products' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discover Products' });
    expect(await within(dialog).findByText('Linen Shirt')).toBeInTheDocument();
    expect(queries).toEqual(['']);

    // The whole word arrives as one input (the wait itself is useDebounced's, tested on a fake clock
    // in lib/hooks.test.tsx): typing key by key on a loaded machine can outlast the pause.
    await u.click(within(dialog).getByLabelText('Search products'));
    await u.paste('zzz');
    expect(await within(dialog).findByText('No products found', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(dialog).getByText('Try searching with different keywords')).toBeInTheDocument();
    // one request for the query, none for its parts
    expect(queries).toEqual(['', 'zzz']);
    expect(within(dialog).queryByText(/Did you mean/)).not.toBeInTheDocument();

    // A misspelling the server can correct is offered; one click searches for it.
    await u.clear(within(dialog).getByLabelText('Search products'));
    await u.paste('linen shrit');
    await u.click(await within(dialog).findByRole('button', { name: 'linen shirt' }, { timeout: 5000 }));
    expect(await within(dialog).findByText('Linen Shirt', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Search products')).toHaveValue('linen shirt');
  });
});

describe('wishlist', () => {
  it('toggling the heart adds and removes, with the badge count following', async () => {
    customerSession();
    server.use(
      http.get('/api/products', () =>
        HttpResponse.json({ data: [product()], pagination: { totalItems: 1, currentPage: 1, limit: 24, totalPages: 1 } }),
      ),
    );
    await renderRoutes(routes, '/shop');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Add Linen Shirt to wishlist' }));
    expect(await screen.findByText('Added to wishlist')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Wishlist, 1 items' })).toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem('wishlist') ?? '[]')).toEqual(['p-1']);

    await u.click(screen.getByRole('button', { name: 'Remove Linen Shirt from wishlist' }));
    expect(await screen.findByText('Removed from wishlist')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Wishlist, 0 items' })).toBeInTheDocument());
  });

  it('the wishlist page shows saved products with low-stock labels, and an empty state', async () => {
    customerSession([product({ variants: [{ id: 'v', size: 'M', color: 'Blue', colorHexCode: null, stock: 2, originalPrice: 500, discountPrice: 0, mrp: 500, percentOff: 0 }] })]);
    await renderRoutes(routes, '/wishlist');
    // In the colour checked for contrast (theme/contrast.test.ts).
    expect(await screen.findByText('2 left')).toHaveStyle({ color: READABLE.lowStock.text });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove Linen Shirt from wishlist' }));
    expect(await screen.findByText('Your wishlist is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore Products' })).toHaveAttribute('href', '/shop');
  });
});
