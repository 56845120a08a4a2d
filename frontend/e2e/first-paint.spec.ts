import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './env';

/** Every request the page makes, as path and query. */
function record(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    seen.push(url.pathname + url.search);
  });
  return seen;
}

// The server puts each page's first API answers into its HTML, keyed by the exact URL the web app
// asks for: when the two drift apart, these pages go back to asking the API and this fails.
test('the first screen of home, shop and a product comes without waiting for the API', async ({ page }) => {
  const requests = record(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Featured Products' }).getByRole('article')).toHaveCount(4);
  expect(requests.filter((r) => r.startsWith('/api/'))).toEqual([]);

  requests.length = 0;
  await page.goto('/shop');
  await expect(page.locator('main#main').getByText(/^\d+ product\(s\) found$/)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(24);
  expect(requests.filter((r) => r.startsWith('/api/'))).toEqual([]);

  requests.length = 0;
  await page.goto('/product/classic-oxford-shirt');
  await expect(page.getByRole('heading', { level: 1, name: 'Classic Oxford Shirt' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You may also like' })).toBeVisible();
  const api = requests.filter((r) => r.startsWith('/api/'));
  expect(api.filter((r) => r.startsWith('/api/products/') || r === '/api/categories' || r === '/api/company-details')).toEqual([]);
  // Only the related products are asked for, once the product is on screen.
  expect(api.every((r) => r.startsWith('/api/products?'))).toBe(true);
});

test('the preloaded picture is the one the page shows: fetched once', async ({ page, request }) => {
  // The shop page preloads the first card's picture with the card's srcset and sizes.
  const listing = (await (await request.get('/api/products?page=1&limit=24&sort=newest')).json()).data;
  const first = listing[0].images[0];
  const candidates = new Set<string>([first.url, first.thumbUrl, ...String(first.srcset ?? '').split(',').map((c) => c.trim().split(' ')[0])]);
  const requests = record(page);
  await page.goto('/shop');
  const card = page.getByRole('article', { name: listing[0].name });
  const picture = card.locator('img.pc-img');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(requests.filter((r) => candidates.has(r))).toHaveLength(1);

  // The product page's main picture: the version the page shows was fetched once.
  requests.length = 0;
  await page.goto('/product/classic-oxford-shirt');
  const main = page.getByRole('img', { name: /^Classic Oxford Shirt, picture 1 of / });
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const shown = new URL(await main.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
  expect(requests.filter((r) => r === shown)).toHaveLength(1);
});

test('a product edited in the back office shows its new data on the next load', async ({ page, request }) => {
  // The inlined answer comes from the current catalogue, never an older copy.
  const login = await request.post('/api/auth/login', { data: { identifier: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const product = (await (await request.get('/api/products/woollen-muffler')).json()).data;
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

  const description = `Knitted by hand, batch ${Date.now()}`;
  const saved = await request.put(`/api/products/${product.id}`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { description },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await page.reload();
  await expect(page.getByText(description)).toBeVisible();
});
