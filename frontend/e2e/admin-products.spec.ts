import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN, expectNotice, pngImage, signIn, uniqueName } from './support';

// The products screen at work: a product is found by searching its name, its stock is changed in
// the expanded variant rows (saved at once), and it is duplicated and opened for editing. Setup
// and clean-up go through the real API.

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { identifier: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(login.status()).toBe(200);
  return { Authorization: `Bearer ${(await login.json()).token}` };
}

test('the admin searches a product, edits its stock in place and duplicates it', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  // A category the demo shop sells in (with its HSN code).
  const demo = (await (await request.get('/api/products?limit=1')).json()).data[0] as { categoryId: string };
  const name = `Ikat Kurta ${uniqueName('')}`;
  const created = await request.post('/api/products', {
    headers,
    multipart: {
      productName: name,
      categoryId: demo.categoryId,
      description: 'Handwoven',
      productVariants: JSON.stringify([{ size: 'M', color: 'Indigo', colorHexCode: '#3F51B5', stock: 4, originalPrice: 1499, discountPrice: 0 }]),
      images: pngImage('kurta.png', [40, 60, 160]),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = (await created.json()).data.id as string;

  await page.goto('/about');
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/product');
  await page.getByRole('textbox', { name: 'Search products' }).fill(name);
  const table = page.getByRole('table', { name: 'Products' });
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  await expect(page).toHaveURL(/q=/);

  // Stock 4 is low: the Low stock shortcut keeps it in the list.
  await page.getByRole('button', { name: 'Low stock' }).click();
  await expect(page).toHaveURL(/stock=low/);
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(1);

  await page.getByRole('button', { name: `Show variants of ${name}` }).click();
  const stock = page.getByRole('textbox', { name: 'Stock of M Indigo' });
  await expect(stock).toHaveValue('4');
  await stock.fill('25');
  await stock.press('Enter');
  await expectNotice(page, 'Stock saved');
  const stored = (await (await request.get(`/api/products/${productId}`)).json()).data.variants[0].stock;
  expect(stored).toBe(25);
  // 25 is not low any more: the list, asked again, leaves it out.
  await page.reload();
  await expect(page.getByText('No products match')).toBeVisible();
  await page.getByRole('button', { name: 'Low stock' }).click();
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(1);

  await page.getByRole('button', { name: `Duplicate ${name}` }).click();
  await expectNotice(page, `Copied as ${name} (copy): set its stock and SKUs`);
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(dialog.getByRole('textbox', { name: /Product Name/ })).toHaveValue(`${name} (copy)`);
  await expect(dialog.getByRole('spinbutton', { name: 'Variant 1 stock' })).toHaveValue('0');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Clean-up: the copy and the original.
  const copies = (await (await request.get(`/api/admin/products?q=${encodeURIComponent(name)}`, { headers })).json()).data as { id: string }[];
  expect(copies).toHaveLength(2);
  for (const p of copies) expect((await request.delete(`/api/products/${p.id}`, { headers })).status()).toBe(200);
});
