import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderRoutes } from '@/testing/render';
import { category, product } from '@/testing/fixtures';
import { clearFirstPaintAfterEach, inlineFirstPaint, recordUrls } from '@/testing/first-paint';
import { api } from '@/lib/api';
import { dropFirstPaint } from '@/lib/first-paint';
import { routes } from './router';

const page = (items: ReturnType<typeof product>[], limit: number) => ({
  data: items,
  pagination: { totalItems: items.length, currentPage: 1, limit, totalPages: 1 },
});

clearFirstPaintAfterEach();

describe('answers the server put into the page', () => {
  it('are used once for exactly their URL; everything else goes to the network', async () => {
    inlineFirstPaint({ '/api/products?page=1&limit=10': page([product({ name: 'From the page' })], 10) });
    let network = 0;
    server.use(
      http.get('/api/products', () => {
        network += 1;
        return HttpResponse.json(page([product({ name: 'From the network' })], 10));
      }),
    );
    const name = (body: unknown) => (body as { data: { name: string }[] }).data[0].name;

    // Another query (same path) is not the inlined answer.
    expect(name(await api.get('/products', { params: { page: 1, limit: 9 } }))).toBe('From the network');
    expect(name(await api.get('/products', { params: { page: 1, limit: 10 } }))).toBe('From the page');
    expect(network).toBe(1);
    // Once only: a refetch gets fresh data from the server.
    expect(name(await api.get('/products', { params: { page: 1, limit: 10 } }))).toBe('From the network');
    expect(network).toBe(2);
  });

  it('answers nobody took are dropped once the shopper leaves the landing page', async () => {
    inlineFirstPaint({ '/api/categories': { data: [category({ name: 'Old' })] } });
    server.use(http.get('/api/categories', () => HttpResponse.json({ data: [category({ name: 'Fresh' })] })));
    dropFirstPaint();
    const body = await api.get<{ data: { name: string }[] }>('/categories');
    expect(body.data[0].name).toBe('Fresh');
  });

  it('a page without a data block (or a broken one) works from the network', async () => {
    inlineFirstPaint('{not json');
    server.use(http.get('/api/products/linen-shirt', () => HttpResponse.json({ data: product({ name: 'Fetched' }) })));
    const body = await api.get<{ data: { name: string } }>('/products/linen-shirt');
    expect(body.data.name).toBe('Fetched');
  });

  it('the home page renders the inlined hero, products and company without asking the API', async () => {
    const items = Array.from({ length: 10 }, (_, i) => product({ id: `p-${i}`, name: `Inlined ${i}`, slug: `inlined-${i}` }));
    inlineFirstPaint({
      '/api/company-details': { data: { name: 'Inline Shop', email: 'a@b.in', phone: '9876543210', address: 'x', pincode: '560001', logoUrl: null } },
      '/api/categories': {
        data: [category({ name: 'Sarees', imageUrl: '/uploads/s.jpg', imageSrcset: '/uploads/s-400.jpg 400w, /uploads/s.jpg 1200w' })],
      },
      '/api/products?page=1&limit=10': page(items, 10),
    });
    const requests = recordUrls();
    await renderRoutes(routes, '/');
    // The first render already has the data: no loading step to wait through.
    expect(await screen.findByRole('heading', { level: 1, name: 'Sarees' })).toBeInTheDocument();
    const featured = await screen.findByRole('region', { name: 'Featured Products' });
    expect(within(featured).getAllByRole('article')).toHaveLength(4);
    expect(within(featured).getByRole('link', { name: 'Inlined 0' })).toBeInTheDocument();
    // The hero picture is the one the server preloads: same srcset and sizes.
    const hero = screen.getByRole('region', { name: 'Featured categories' }).querySelector('img');
    expect(hero).toHaveAttribute('srcset', '/uploads/s-400.jpg 400w, /uploads/s.jpg 1200w');
    expect(hero).toHaveAttribute('sizes', '100vw');
    expect(hero).toHaveAttribute('fetchpriority', 'high');
    expect(requests.filter((r) => r.startsWith('/api/'))).toEqual([]);
  });

  it('the product page shows the inlined product; an unknown slug still asks and says not found', async () => {
    inlineFirstPaint({
      '/api/products/linen-shirt': { data: product({ name: 'Inlined Linen Shirt', slug: 'linen-shirt' }) },
    });
    server.use(
      http.get('/api/products', () => HttpResponse.json(page([], 9))),
      http.get('/api/products/:slug', () => HttpResponse.json({ message: 'Product not found' }, { status: 404 })),
    );
    const requests = recordUrls();
    const { router } = await renderRoutes(routes, '/product/linen-shirt');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inlined Linen Shirt' })).toBeInTheDocument();
    expect(requests).not.toContain('/api/products/linen-shirt');

    await router.navigate('/product/no-such-thing');
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
    expect(requests).toContain('/api/products/no-such-thing');
  });
});
