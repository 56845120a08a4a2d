import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN, expectNotice, pdfText, registerCustomer, signIn, signInCustomer } from './support';

// A shopper's shirt is too small: from the order history they ask to exchange M for L; the owner
// approves, receives and ships it on the Returns page; the shopper sees every step on the order,
// and at the end the stock is exact: one L less (reserved when approved), one M more (received).
// A refund of an invoiced order's pieces issues a credit note that both of them download.

interface Variant {
  id: string;
  size: string;
  color: string;
  stock: number;
  /** The saving on the price; a piece bought at a discount is refunded only when it is the shop's fault. */
  discountPrice: number;
}

async function token(request: APIRequestContext, identifier: string, password: string): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { identifier, password } });
  expect(login.status()).toBe(200);
  return (await login.json()).token as string;
}

async function variantsOf(request: APIRequestContext, productId: string): Promise<Variant[]> {
  const res = await request.get(`/api/products/${productId}`);
  expect(res.status()).toBe(200);
  return (await res.json()).data.variants as Variant[];
}

/**
 * A new shopper's COD order of one piece of `variantId`, shipped and delivered by the owner
 * through the API. The demo shop is GST-registered, so shipping issued the order's tax invoice.
 */
async function deliveredOrder(request: APIRequestContext, prefix: string, variantId: string) {
  const customer = await registerCustomer(request, prefix);
  const headers = { Authorization: `Bearer ${await token(request, customer.email, customer.password)}` };
  const address = await request.post('/api/addresses', {
    headers,
    data: { fullName: 'Meera Iyer', phone: '9876543210', addressLine1: '7 Lake Road', addressLine2: null, city: 'Chennai', state: 'Tamil Nadu', postalCode: '600001', isDefault: true },
  });
  expect(address.status(), await address.text()).toBe(201);
  expect((await request.post('/api/cart/add', { headers, data: { productVariantId: variantId, quantity: 1 } })).status()).toBe(201);
  const placed = await request.post('/api/orders/place', { headers, data: { addressId: (await address.json()).data.id, paymentMethod: 'COD' } });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = (await placed.json()).data.id as string;
  const admin = { Authorization: `Bearer ${await token(request, E2E_ADMIN.email, E2E_ADMIN.password)}` };
  for (const deliveryStatus of ['SHIPPED', 'DELIVERED']) {
    const moved = await request.put(`/api/orders/${orderId}/status`, { headers: admin, data: { deliveryStatus } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return { customer, headers, admin, orderId, orderNumber: orderId.slice(0, 8).toUpperCase() };
}

/** Clicks a download button and returns the file: its suggested name and bytes. */
async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

async function expectReturnStatus(page: Page, orderNumber: string, status: string) {
  await page.reload();
  const order = page.getByRole('article', { name: `Order ${orderNumber.toLowerCase()}` });
  await expect(order.getByRole('region', { name: 'Returns and exchanges' })).toContainText(status);
}

test('a shopper exchanges M for L; the owner approves, receives and ships it; the stock is exact', async ({ page, browser, request }) => {
  // A demo product with an M and an L in stock.
  const products = (await (await request.get('/api/products?limit=50')).json()).data as { id: string; name: string; variants: Variant[] }[];
  const product = products.find((p) => {
    const m = p.variants.find((v) => v.size === 'M' && v.stock >= 1);
    return m && p.variants.some((v) => v.size === 'L' && v.color === m.color && v.stock >= 1);
  });
  expect(product, 'a demo product with M and L in stock').toBeTruthy();
  const m = product!.variants.find((v) => v.size === 'M' && v.stock >= 1)!;
  const l = product!.variants.find((v) => v.size === 'L' && v.color === m.color)!;

  // The shopper's order of one M, shipped and delivered by the owner (through the API).
  const { customer, orderNumber } = await deliveredOrder(request, 'exchanger', m.id);
  const before = await variantsOf(request, product!.id);
  const stockOf = (list: Variant[], id: string) => list.find((v) => v.id === id)!.stock;

  // The shopper asks for the exchange from the order history.
  await signInCustomer(page, customer);
  await page.goto('/myaccount/order');
  const order = page.getByRole('article', { name: `Order ${orderNumber.toLowerCase()}` });
  await order.getByRole('button', { name: `Return or exchange ${product!.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Return or exchange' });
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Size too small' }).click();
  await dialog.getByRole('radio', { name: 'Exchange for another size or colour' }).check();
  await dialog.getByRole('combobox', { name: 'New size or colour' }).click();
  await page.getByRole('option', { name: `Size L · ${l.color}` }).click();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expectNotice(page, 'Exchange requested');
  await expect(order.getByRole('region', { name: 'Returns and exchanges' })).toContainText('Requested');
  await expect(order.getByRole('region', { name: 'Returns and exchanges' })).toContainText(`size M) × 1 → size L`);

  // The owner works through it on the Returns page, in a browser of their own.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.goto('/about');
  await signIn(owner, E2E_ADMIN.email, E2E_ADMIN.password);
  await owner.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Returns' }).click();
  await expect(owner).toHaveURL(/\/admin\/returns$/);
  const row = owner.getByRole('row', { name: `Request for order ${orderNumber}` });

  const steps: [string, string, string][] = [
    ['Approve', 'Request marked approved', 'Approved'],
    ['Mark picked up', 'Request marked picked up', 'Picked up'],
    ['Mark received', 'Request marked received', 'Received'],
    ['Ship exchange', 'Request marked exchange shipped', 'Exchange shipped'],
  ];
  for (const [action, message, label] of steps) {
    await row.getByRole('button', { name: action }).click();
    const change = owner.getByRole('dialog');
    if (action === 'Mark received') {
      await expect(change.getByRole('checkbox', { name: /Put the pieces back into stock/ })).toBeChecked();
    }
    await change.getByRole('button', { name: action }).click();
    await expectNotice(owner, message);
    await expect(row.getByText(label, { exact: true })).toBeVisible();
    await expectReturnStatus(page, orderNumber, label);
  }
  // Nothing is left to do; the exchange of invoiced pieces issued a credit note for them and a tax
  // invoice for the replacement.
  await expect(row.getByRole('cell').last().getByRole('button')).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Download credit note / })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Download invoice / })).toBeVisible();
  await ownerContext.close();

  // One L went out, the M came back.
  const after = await variantsOf(request, product!.id);
  expect(stockOf(after, l.id)).toBe(stockOf(before, l.id) - 1);
  expect(stockOf(after, m.id)).toBe(stockOf(before, m.id) + 1);
});

test('the refund of a return of an invoiced order issues a credit note the owner and the shopper download', async ({ page, browser, request }) => {
  const products = (await (await request.get('/api/products?limit=50')).json()).data as { id: string; name: string; variants: Variant[] }[];
  // Other tests add products of their own, some on sale: a refund needs a full-price piece.
  const refundable = (v: Variant) => v.stock >= 1 && v.discountPrice === 0;
  const product = products.find((p) => p.variants.some(refundable));
  expect(product, 'a full-price product in stock').toBeTruthy();
  const piece = product!.variants.find(refundable)!;

  // Shipped, so invoiced; the shopper's return of it is received back (through the API).
  const { customer, headers, admin, orderId, orderNumber } = await deliveredOrder(request, 'refunded', piece.id);
  const mine = (await (await request.get('/api/orders/my-orders', { headers })).json()).data as { id: string; items: { id: string }[] }[];
  const itemId = mine.find((o) => o.id === orderId)!.items[0].id;
  const asked = await request.post(`/api/orders/${orderId}/returns`, {
    headers,
    data: { kind: 'REFUND', reason: 'CHANGED_MY_MIND', lines: [{ orderItemId: itemId, quantity: 1 }] },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const returnId = (await asked.json()).data.id as string;
  for (const status of ['APPROVED', 'PICKED_UP', 'RECEIVED']) {
    const moved = await request.put(`/api/returns/${returnId}/status`, { headers: admin, data: { status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }

  // The owner records the refund on the Returns page; the credit note appears on the request.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.goto('/about');
  await signIn(owner, E2E_ADMIN.email, E2E_ADMIN.password);
  await owner.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Returns' }).click();
  const row = owner.getByRole('row', { name: `Request for order ${orderNumber}` });
  await expect(row.getByRole('button', { name: /^Download credit note / })).toHaveCount(0);
  await row.getByRole('button', { name: 'Record refund' }).click();
  const dialog = owner.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'UPI id' }).fill('meera.iyer@okaxis');
  await dialog.getByRole('button', { name: 'Record refund' }).click();
  await expectNotice(owner, 'Request marked refunded');
  await expect(row.getByText('Refunded', { exact: true })).toBeVisible();
  const ownerButton = row.getByRole('button', { name: /^Download credit note / });
  const creditNote = (await ownerButton.getAttribute('aria-label'))!.replace('Download credit note ', '');
  expect(creditNote).toMatch(/\d/);

  // The owner's download is the credit note: a PDF named after it that states its number.
  const ownerFile = await download(owner, ownerButton);
  expect(ownerFile.name).toBe(`${creditNote.replace(/\//g, '-')}.pdf`);
  expect(ownerFile.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfText(ownerFile.bytes)).toContain(creditNote);
  await ownerContext.close();

  // The shopper finds the same credit note on the return in their order history.
  await signInCustomer(page, customer);
  await page.goto('/myaccount/order');
  const returns = page.getByRole('article', { name: `Order ${orderNumber.toLowerCase()}` }).getByRole('region', { name: 'Returns and exchanges' });
  await expect(returns).toContainText('Refunded');
  const shopperFile = await download(page, returns.getByRole('button', { name: `Download credit note ${creditNote}` }));
  expect(shopperFile.name).toBe(ownerFile.name);
  expect(shopperFile.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfText(shopperFile.bytes)).toContain(creditNote);
});
