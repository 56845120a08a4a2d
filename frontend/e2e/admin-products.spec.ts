import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN, expectNotice, pngImage, signInAdmin, uniqueName } from './support';

// The products screen at work: a product is found by searching its name, its stock is changed in
// the expanded variant rows (saved at once), and it is duplicated and opened for editing; a
// catalogue file brings a product in a category that did not exist; the exported catalogue goes
// back in unchanged, and a file with bad lines names them and changes nothing. Setup and clean-up
// go through the real API.

/** A product row's variants button: its name begins with what it shows, "2 variants". */
function variantsOf(name: string): RegExp {
  return new RegExp(`^\\d+ variants? of ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { identifier: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(login.status()).toBe(200);
  return { Authorization: `Bearer ${(await login.json()).token}` };
}

/**
 * Creates a product with one variant (size M, ₹1,499, 4 in stock) and a picture of one colour, in a
 * category the demo shop sells in (with its HSN code); answers its id.
 */
async function createProduct(
  request: APIRequestContext,
  headers: { Authorization: string },
  name: string,
  variant: { color: string; colorHexCode: string; sku?: string | null },
  picture: [number, number, number],
): Promise<string> {
  const demo = (await (await request.get('/api/products?limit=1')).json()).data[0] as { categoryId: string };
  const { color, colorHexCode, sku } = variant;
  const created = await request.post('/api/products', {
    headers,
    multipart: {
      productName: name,
      categoryId: demo.categoryId,
      description: 'Handwoven',
      productVariants: JSON.stringify([{ size: 'M', color, colorHexCode, stock: 4, originalPrice: 1499, discountPrice: 0, sku }]),
      images: pngImage('kurta.png', picture),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).data.id as string;
}

test('the admin searches a product, edits its stock in place and duplicates it', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const name = `Ikat Kurta ${uniqueName('')}`;
  const productId = await createProduct(request, headers, name, { color: 'Indigo', colorHexCode: '#3F51B5' }, [40, 60, 160]);

  await signInAdmin(page);
  await page.goto('/admin/product');
  await page.getByRole('textbox', { name: 'Search products' }).fill(name);
  const table = page.getByRole('table', { name: 'Products' });
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  await expect(page).toHaveURL(/q=/);

  // Stock 4 is low: the Low stock shortcut keeps it in the list.
  await page.getByRole('button', { name: 'Low stock' }).click();
  await expect(page).toHaveURL(/stock=low/);
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(1);

  await page.getByRole('button', { name: variantsOf(name), expanded: false }).click();
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

test('the admin imports a catalogue file whose category path is new: the category is made and offered at once', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  // Under a demo category, with a picture the shop already has (a file names uploads, it sends none).
  const top = (await (await request.get('/api/categories')).json()).data[0] as { name: string };
  const demo = (await (await request.get('/api/products?limit=1')).json()).data[0] as { images: { url: string }[] };
  const picture = demo.images[0].url.replace(/^\/uploads\//, '');
  const unique = uniqueName('');
  const category = `Festive ${unique}`;
  const name = `Zari Lehenga ${unique}`;
  const slug = `zari-lehenga-${unique.toLowerCase()}`;
  const file = [
    'product_slug,product_name,category,description,hsn_code,best_seller,images,size,color,color_hex,stock,price,discount,sku',
    `${slug},${name},${top.name} > ${category},Hand embroidered,,no,${picture},M,Maroon,#800000,3,2499,0,`,
  ].join('\n');

  await signInAdmin(page);
  await page.goto('/admin/product');
  // The filter's list is loaded before the import: it must learn of the new category.
  const filter = page.getByRole('combobox', { name: 'Category' });
  await filter.click();
  await expect(page.getByRole('option', { name: top.name, exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: category })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.getByLabel('Catalogue file to import').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await expectNotice(page, 'Imported 1 product: 1 new, 0 updated; 1 new category');
  await filter.click();
  await page.getByRole('option', { name: category, exact: true }).click();
  // Just the imported product (each product row has its variants' button).
  const table = page.getByRole('table', { name: 'Products' });
  await expect(table.getByRole('button', { name: / variants? of /, expanded: false })).toHaveCount(1);
  await expect(table.getByRole('button', { name: variantsOf(name), expanded: false })).toBeVisible();

  // The categories page lists it under its parent.
  await page.goto('/admin/category');
  await page.getByRole('button', { name: `Expand ${top.name}`, exact: true }).click();
  await expect(page.getByRole('table', { name: 'Categories' }).getByRole('row').filter({ hasText: category })).toHaveCount(1);

  // Clean-up: the product, then its category.
  const product = (await (await request.get(`/api/products/${slug}`)).json()).data as { id: string; category: { id: string } };
  expect((await request.delete(`/api/products/${product.id}`, { headers })).status()).toBe(200);
  expect((await request.delete(`/api/categories/${product.category.id}`, { headers })).status()).toBe(200);
});

/** The catalogue as the Export CSV button downloads it. */
async function exportCatalogue(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  return readFile(await download.path(), 'utf8');
}

test('the exported catalogue goes back in unchanged; a file with bad lines names each one and changes nothing', async ({ page, request }) => {
  const top = (await (await request.get('/api/categories')).json()).data[0] as { name: string };
  const demo = (await (await request.get('/api/products?limit=1')).json()).data[0] as { images: { url: string }[] };
  const picture = demo.images[0].url.replace(/^\/uploads\//, '');
  await signInAdmin(page);
  await page.goto('/admin/product');

  const exported = await exportCatalogue(page);
  const rows = exported.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l !== '');
  expect(rows[0]).toBe('product_slug,product_name,category,description,hsn_code,best_seller,images,size,color,color_hex,stock,price,discount,sku,exported_stock');
  expect(rows.length).toBeGreaterThan(1);

  // The very file back in: every product unchanged (left alone), none new, and the next export is the same.
  await page.getByLabel('Catalogue file to import').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(exported) });
  await expect(page.getByText(/^Imported (\d+) products?: 0 new, 0 updated, \1 unchanged$/)).toBeVisible();
  expect(await exportCatalogue(page)).toBe(exported);

  // A good new product with two bad lines after it: each bad line named, nothing imported.
  const unique = uniqueName('').toLowerCase();
  const bad = [
    `good-${unique},Good Kurta,${top.name},Cotton,,no,${picture},M,Red,#ff0000,3,999,0,`,
    `bad-stock-${unique},Bad Stock,${top.name},Cotton,,no,${picture},M,Red,#ff0000,many,999,0,`,
    `bad-price-${unique},Bad Price,${top.name},Cotton,,no,${picture},L,Red,#ff0000,3,-5,0,`,
  ];
  const withBad = `${exported.replace(/\r?\n$/, '')}\r\n${bad.join('\r\n')}\r\n`;
  await page.getByLabel('Catalogue file to import').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(withBad) });
  const lines = page.getByRole('list', { name: 'Lines that cannot be imported' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  // The two last lines of the file, one after the other (a quoted cell may hold a line break, so
  // the file's line numbers are the server's to count).
  await expect(lines.nth(0)).toHaveText(/^Line \d+: Stock must be a whole number of 0 or more$/);
  const [stockLine, priceLine] = (await lines.allTextContents()).map((t) => Number(/^Line (\d+):/.exec(t)?.[1]));
  expect(priceLine).toBe(stockLine + 1);
  expect(stockLine).toBeGreaterThan(rows.length / 2);
  expect((await request.get(`/api/products/good-${unique}`)).status()).toBe(404);
  expect(await exportCatalogue(page)).toBe(exported);
});

test('SKU and price are edited inline, a used SKU is refused with its holder, low stock is yellow, and the form keeps the owner-walk fixes', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const unique = uniqueName('');
  const make = (name: string, color: string, sku: string | null) =>
    createProduct(request, headers, name, { color, colorHexCode: '#800000', sku }, [120, 20, 20]);
  const takenSku = `TK-${unique}`.toUpperCase();
  const holder = await make(`Holder Kurta ${unique}`, 'Maroon', takenSku);
  const name = `Ajrakh Kurta ${unique}`;
  const productId = await make(name, 'Maroon', null);

  await signInAdmin(page);
  await page.goto('/admin/product');
  await page.getByRole('textbox', { name: 'Search products' }).fill(name);
  await page.getByRole('button', { name: variantsOf(name), expanded: false }).click();
  // 4 pieces: the yellow of 1 to 10 (docs/PRODUCT.md).
  await expect(page.getByLabel('Stock 4, low stock')).toHaveCSS('background-color', 'rgb(255, 214, 0)');

  // A SKU another variant holds is refused, naming it; the cell goes back. A free one is kept.
  const sku = page.getByRole('textbox', { name: 'SKU of M Maroon' });
  await sku.fill(takenSku);
  await sku.press('Enter');
  await expect(page.getByText(new RegExp(`^SKU ${takenSku} is already used by Holder Kurta`))).toBeVisible();
  await expect(sku).toHaveValue('');
  const ownSku = `AK-${unique}`.toUpperCase();
  await sku.fill(ownSku);
  await sku.press('Enter');
  await expectNotice(page, 'SKU saved');
  const price = page.getByRole('textbox', { name: 'Original Price of M Maroon' });
  await price.fill('1799');
  await price.press('Enter');
  await expectNotice(page, 'Price saved');
  const stored = (await (await request.get(`/api/products/${productId}`)).json()).data.variants[0];
  expect([stored.sku, stored.originalPrice]).toEqual([ownSku, 1799]);

  // The form: a message goes as soon as its field is fixed; a typed colour name gets its own hex.
  await page.getByRole('button', { name: 'Add Product' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByRole('button', { name: 'Save Product' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Please fill Product Name');
  await dialog.getByRole('textbox', { name: /Product Name/ }).fill('Oxford Shirt');
  await expect(dialog.getByRole('alert')).not.toContainText('Please fill Product Name');
  await dialog.getByRole('textbox', { name: 'Variant 1 color', exact: true }).fill('Navy Blue');
  await expect(dialog.getByRole('textbox', { name: 'Variant 1 hex code' })).toHaveValue('#000080');
  await dialog.getByRole('button', { name: 'Add Variant' }).click();
  const colour2 = dialog.getByRole('textbox', { name: 'Variant 2 color', exact: true });
  // An added variant starts with the colour above, and takes another at once.
  await expect(colour2).toHaveValue('Navy Blue');
  await colour2.fill('Mustard');
  await expect(dialog.getByRole('textbox', { name: 'Variant 2 hex code' })).toHaveValue('#ffdb58');
  await expect(dialog.getByRole('textbox', { name: 'Variant 1 hex code' })).toHaveValue('#000080');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Discard changes' }).click();
  await expect(dialog).toBeHidden();

  for (const id of [productId, holder]) expect((await request.delete(`/api/products/${id}`, { headers })).status()).toBe(200);
});
