import { expect } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { routes } from '@/app/router';
import type { Product } from '@/lib/api-types';
import { signIn } from '@/lib/session';
import { renderRoutes } from './render';
import { server } from './server';
import { category, product, user } from './fixtures';

export const adminUser = () => user({ id: 'u-admin', username: 'boss', email: 'boss@test.shop', userType: 'ADMIN', firstName: 'Boss', lastName: 'Admin' });

/** Signs an admin in (stored session) and lets GET /auth/me confirm it. */
export function signInAdmin() {
  signIn('tok-admin', adminUser());
  server.use(http.get('/api/auth/me', () => HttpResponse.json({ data: { user: adminUser() } })));
}

/** Signs an admin in and renders the app's routes at `path`; with `heading`, once the page's title shows. */
export async function openAdmin(path: string, heading?: string) {
  signInAdmin();
  const utils = await renderRoutes(routes, path);
  if (heading) await screen.findByRole('heading', { level: 1, name: heading });
  return utils;
}

/** Answers the product form's save with `saved` (201 when `added`); returns the last form sent. */
export function serveProductSave(saved: Product, added = false): () => FormData {
  let sent: FormData | null = null;
  server.use(
    http.post('/api/products', async ({ request }) => {
      sent = await request.formData();
      return added
        ? HttpResponse.json({ data: saved, message: 'Product added successfully!' }, { status: 201 })
        : HttpResponse.json({ data: saved, message: 'Product updated successfully!' });
    }),
  );
  return () => sent as unknown as FormData;
}

/** Presses the Delete button of the row `name` and confirms the question "Delete `thing`" asks. */
export async function deleteRow(u: UserEvent, thing: string, name: string) {
  await u.click(await screen.findByRole('button', { name: `Delete ${name}` }));
  const confirm = await screen.findByRole('dialog', { name: `Delete ${thing}` });
  expect(within(confirm).getByText(`Are you sure you want to delete ${name}? This action cannot be undone.`)).toBeInTheDocument();
  await u.click(within(confirm).getByRole('button', { name: 'Delete' }));
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
