import { http, HttpResponse } from 'msw';
import type { Product } from '@/lib/api-types';
import { signIn } from '@/lib/session';
import { server } from './server';
import { category, product, user } from './fixtures';

export const adminUser = () => user({ id: 'u-admin', username: 'boss', email: 'boss@test.shop', userType: 'ADMIN', firstName: 'Boss', lastName: 'Admin' });

/** Signs an admin in (stored session) and lets GET /auth/me confirm it. */
export function signInAdmin() {
  signIn('tok-admin', adminUser());
  server.use(http.get('/api/auth/me', () => HttpResponse.json({ data: { user: adminUser() } })));
}

/** Every request path the mocked API saw (e.g. '/api/orders/all'). */
export function recordRequests(): string[] {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    seen.push(`${request.method} ${url.pathname}`);
  });
  return seen;
}

export function productPage(items: Product[], page = 1, totalItems = items.length, limit = 10) {
  return {
    data: items,
    pagination: { totalItems, currentPage: page, limit, totalPages: Math.max(1, Math.ceil(totalItems / limit)) },
  };
}

export const categoryTree = () => [
  category({
    id: 'c-men',
    name: 'Men',
    description: 'For him',
    uploads: [{ id: 'up-men', filename: 'men.jpg', url: '/uploads/men.jpg' }],
    subCategories: [
      category({
        id: 'c-shirts',
        name: 'Shirts',
        slug: 'shirts',
        parentId: 'c-men',
        description: 'Formal and casual',
        subCategories: [category({ id: 'c-formal', name: 'Formal', slug: 'formal', parentId: 'c-shirts', description: null })],
      }),
    ],
  }),
  category({ id: 'c-women', name: 'Women', slug: 'women', description: 'For her' }),
];

export { product };
