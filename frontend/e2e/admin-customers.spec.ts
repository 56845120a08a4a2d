import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN, registerCustomer, signInAdmin } from './support';

// The back office's customers and audit log, and the unsaved-changes question. Setup goes
// through the real API; the checks through the screens.

async function bearer(request: APIRequestContext, identifier: string, password: string) {
  const login = await request.post('/api/auth/login', { data: { identifier, password } });
  expect(login.status()).toBe(200);
  return { Authorization: `Bearer ${(await login.json()).token}` };
}

/** A new customer with two COD orders: (username, order ids oldest first, totals). */
async function customerWithOrders(request: APIRequestContext) {
  const customer = await registerCustomer(request, 'regular');
  const headers = await bearer(request, customer.email, customer.password);
  const address = await request.post('/api/addresses', {
    headers,
    data: { fullName: 'Regular Buyer', phone: '9876543210', addressLine1: '7 Lake Road', addressLine2: null, city: 'Kolkata', state: 'West Bengal', postalCode: '700029', isDefault: true },
  });
  expect(address.status(), await address.text()).toBe(201);
  const addressId = (await address.json()).data.id as string;
  const products = (await (await request.get('/api/products?limit=50')).json()).data as { variants: { id: string; stock: number }[] }[];
  const variant = products.flatMap((p) => p.variants).find((v) => v.stock >= 2);
  expect(variant, 'a demo variant with stock').toBeTruthy();
  const ids: string[] = [];
  const totals: number[] = [];
  for (let i = 0; i < 2; i++) {
    expect((await request.post('/api/cart/add', { headers, data: { productVariantId: variant!.id, quantity: 1 } })).status()).toBe(201);
    const placed = await request.post('/api/orders/place', { headers, data: { addressId, paymentMethod: 'COD' } });
    expect(placed.status(), await placed.text()).toBe(201);
    const body = await placed.json();
    ids.push(body.data.id);
    totals.push(body.data.orderTotal);
  }
  return { customer, ids, totals };
}

const rupees = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(n);

test('the admin finds a customer with their figures, opens their orders, and reads the audit log of the change made', async ({ page, request }) => {
  const { customer, ids, totals } = await customerWithOrders(request);
  // The admin cancels the older order (through the API): it counts as an order, not as money spent.
  const admin = await bearer(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const cancel = await request.put(`/api/orders/${ids[0]}/status`, { headers: admin, data: { deliveryStatus: 'CANCELED' } });
  expect(cancel.status(), await cancel.text()).toBe(200);

  await signInAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search customers' }).fill(customer.email);
  // The search is sent once typing pauses, and kept in the address.
  await expect(page).toHaveURL(/\/admin\/customers\?q=/);
  const table = page.getByRole('table', { name: 'Customers' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText(customer.email);
  await expect(row.getByRole('cell').nth(3)).toHaveText('2');
  await expect(row.getByRole('cell').nth(4)).toHaveText(rupees(totals[1]));

  await row.getByRole('link', { name: `${customer.username} ${customer.username}` }).click();
  await expect(page).toHaveURL(/\/admin\/customers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: `${customer.username} ${customer.username}` })).toBeVisible();
  const orders = page.getByRole('list', { name: 'Orders of this customer' });
  await expect(orders.getByRole('listitem')).toHaveCount(2);
  await expect(orders.getByRole('listitem').first()).toContainText('PENDING');
  await expect(orders.getByRole('listitem').nth(1)).toContainText('CANCELED');
  await orders.getByRole('link', { name: `Order ${ids[0].slice(0, 8)}` }).click();
  await expect(page).toHaveURL(/\/admin\/order\?q=/);
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Orders' })).toContainText(ids[0].slice(0, 8).toUpperCase());

  // The audit log: who cancelled which order; filtered to orders.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Area' }).click();
  await page.getByRole('option', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/area=orders/);
  const entry = page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: ids[0] });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('orders.status');
  await expect(entry).toContainText('CANCELED');
  await expect(page.getByRole('button', { name: /delete|edit/i })).toHaveCount(0);
});

test('work typed in the product dialog is not lost to Escape or a click on the menu without a question', async ({ page }) => {
  await signInAdmin(page);
  // In-app navigation, so that Back stays inside the app.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Product' }).click();
  await expect(page).toHaveURL(/\/admin\/product$/);
  await page.getByRole('button', { name: 'Add Product' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByRole('textbox', { name: /Product Name/ }).fill('Handloom Saree');

  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: 'Discard your changes?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(dialog.getByRole('textbox', { name: /Product Name/ })).toHaveValue('Handloom Saree');

  // Leaving the page (Back) asks too; Discard goes.
  await page.goBack();
  await expect(question).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/product$/);
  await question.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('a legal-page draft is not lost to a click on the menu: leaving asks first, and Discard goes', async ({ page }) => {
  await signInAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await nav.getByRole('link', { name: 'Legal pages' }).click();
  await expect(page).toHaveURL(/\/admin\/legal$/);
  const editor = page.getByRole('textbox', { name: 'Privacy Policy content' });
  const saved = await editor.inputValue();
  await editor.fill(`${saved}\nA draft sentence.`);

  await nav.getByRole('link', { name: 'Category' }).click();
  const question = page.getByRole('dialog', { name: 'Discard your changes?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/legal$/);
  await expect(editor).toHaveValue(`${saved}\nA draft sentence.`);

  await nav.getByRole('link', { name: 'Category' }).click();
  await question.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/admin\/category$/);
});

test('at 1280 px every dashboard badge stays inside its card', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAdmin(page);
  for (const name of ['Category', 'Order', 'Company']) {
    const card = page.getByRole('region', { name, exact: true });
    const chip = card.locator('.MuiChip-root').first();
    await expect(chip).toBeVisible();
    const [c, b] = [await card.boundingBox(), await chip.boundingBox()];
    expect(c && b, name).toBeTruthy();
    expect(b!.x + b!.width, `${name} badge right edge`).toBeLessThanOrEqual(c!.x + c!.width);
  }
});

test('on a 360 px phone categories are cards with Edit and Delete, and no product form label is cut off', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAdmin(page);
  await page.goto('/admin/category');
  const cards = page.getByRole('list', { name: 'Categories' });
  await expect(cards).toBeVisible();
  const first = cards.getByRole('listitem').first();
  await expect(first.getByRole('button', { name: /^Edit / })).toBeInViewport();
  await expect(first.getByRole('button', { name: /^Delete / })).toBeInViewport();

  await page.goto('/admin/product');
  await expect(page.getByRole('list', { name: 'Products' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Product' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await expect(dialog).toBeVisible();
  const cut = await dialog.locator('label').evaluateAll((labels) =>
    labels.filter((l) => l.getBoundingClientRect().width > 0 && l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent),
  );
  expect(cut).toEqual([]);
});
