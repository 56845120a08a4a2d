import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN, expectNotice, registerCustomer, signInAdmin } from './support';

// The orders screen at work: a customer's two orders are found by searching the customer's name,
// a status tab narrows them, and cancelling one asks first; a date range's orders are exported as
// CSV; selected orders are shipped together and a packing slip is printed. Setup goes through the
// real API.

/** The India day (YYYY-MM-DD) `daysBack` days before now: the orders' dates are India time. */
function indiaDay(daysBack = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(Date.now() - daysBack * 86_400_000);
}

async function placeOrders(request: APIRequestContext, count: number): Promise<{ username: string; ids: string[] }> {
  const customer = await registerCustomer(request, 'bulkbuyer');
  const login = await request.post('/api/auth/login', { data: { identifier: customer.email, password: customer.password } });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${(await login.json()).token}` };
  const address = await request.post('/api/addresses', {
    headers,
    data: {
      fullName: 'Bulk Buyer',
      phone: '9876543210',
      addressLine1: '3 Park Street',
      addressLine2: null,
      city: 'Kolkata',
      state: 'West Bengal',
      postalCode: '700016',
      isDefault: true,
    },
  });
  expect(address.status(), await address.text()).toBe(201);
  const addressId = (await address.json()).data.id as string;
  const products = (await (await request.get('/api/products?limit=50')).json()).data as { variants: { id: string; stock: number }[] }[];
  const variant = products.flatMap((p) => p.variants).find((v) => v.stock >= count);
  expect(variant, 'a demo variant with stock').toBeTruthy();
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const added = await request.post('/api/cart/add', { headers, data: { productVariantId: variant!.id, quantity: 1 } });
    expect(added.status(), await added.text()).toBe(201);
    const placed = await request.post('/api/orders/place', { headers, data: { addressId, paymentMethod: 'COD' } });
    expect(placed.status(), await placed.text()).toBe(201);
    ids.push((await placed.json()).data.id);
  }
  return { username: customer.username, ids };
}

/** The orders screen searched for `username`'s two orders: its rows, the header row first. */
async function searchOrders(page: Page, username: string): Promise<Locator> {
  await page.goto('/admin/order');
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(username);
  const rows = page.getByRole('table', { name: 'Orders' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  return rows;
}

test('the admin finds a customer\'s orders by search and tab, and cancelling one asks first', async ({ page, request }) => {
  const { username, ids } = await placeOrders(request, 2);
  const [older, newer] = ids.map((id) => id.slice(0, 8));

  await signInAdmin(page);
  await expect(page.getByRole('region', { name: 'Waiting to ship' })).toBeVisible();
  await page.getByRole('region', { name: 'Waiting to ship' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/order\?status=PENDING$/);
  await expect(page.getByRole('tab', { name: /^Pending \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');

  // Search: only this customer's two orders, newest first; the tabs count them.
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(username);
  const table = page.getByRole('table', { name: 'Orders' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(3);
  // The list writes order numbers in capitals; the controls' names keep the ID as it is.
  await expect(rows.nth(1)).toContainText(newer.toUpperCase());
  await expect(rows.nth(2)).toContainText(older.toUpperCase());
  await expect(page).toHaveURL(new RegExp(`q=${username}`));
  await page.getByRole('tab', { name: 'All (2)' }).click();
  await expect(page.getByRole('tab', { name: 'Pending (2)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Canceled (0)' })).toBeVisible();

  // Cancelling asks first; keeping the order changes nothing.
  const row = rows.filter({ hasText: older });
  const status = row.getByRole('combobox', { name: `Status of order ${older}` });
  await status.click();
  await page.getByRole('option', { name: 'CANCELED' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change this order?' });
  await expect(dialog).toContainText('Cancel this order? Its items go back into stock.');
  await dialog.getByRole('button', { name: 'Keep as it is' }).click();
  await expect(dialog).toBeHidden();
  await expect(status).toHaveText('PENDING');

  await status.click();
  await page.getByRole('option', { name: 'CANCELED' }).click();
  await page.getByRole('dialog', { name: 'Change this order?' }).getByRole('button', { name: 'Yes, mark CANCELED' }).click();
  await expectNotice(page, 'Status updated to CANCELED');
  await expect(page.getByRole('tab', { name: 'Canceled (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Pending (1)' })).toBeVisible();

  // The Canceled tab holds just that one; the server kept it.
  await page.getByRole('tab', { name: 'Canceled (1)' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(older.toUpperCase());
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Canceled (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(rows.nth(1)).toContainText('CANCELED');
});

test('the admin exports the orders of a date range as CSV: a header and those orders only', async ({ page, request }) => {
  const { username, ids } = await placeOrders(request, 2);
  const today = indiaDay();

  await signInAdmin(page);
  const rows = await searchOrders(page, username);

  // Up to yesterday: none of them, and nothing to export.
  await page.getByLabel('To', { exact: true }).fill(indiaDay(1));
  await expect(page.getByText('No order matches these filters.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export all matching (CSV)' })).toBeDisabled();
  // Today only: both.
  await page.getByLabel('To', { exact: true }).fill(today);
  await page.getByLabel('From', { exact: true }).fill(today);
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  await expect(rows).toHaveCount(3);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export all matching (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`orders-${today}.csv`);
  const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...lines] = text.split('\r\n').filter((l) => l !== '');
  expect(header).toMatch(/^Order,Order ID,Placed \(India time\),Status,/);
  // One item each: a line per order, each placed today.
  const exported = lines.map((l) => l.split(',').slice(0, 2).join(',')).sort();
  expect(exported).toEqual(ids.map((id) => `#${id.slice(0, 8).toUpperCase()},${id}`).sort());
  for (const line of lines) expect(line.split(',')[2]).toMatch(new RegExp(`^${today} `));
});

test('the admin ships the selected orders in one go, the history names who did it, and a packing slip prints alone', async ({ page, request }) => {
  const { username, ids } = await placeOrders(request, 2);
  const newer = ids[1].slice(0, 8);
  const login = await request.post('/api/auth/login', { data: { identifier: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  const adminName = (await login.json()).user.username as string;

  await signInAdmin(page);
  const rows = await searchOrders(page, username);

  // Both selected, one call: both SHIPPED, and the tabs say so.
  await page.getByRole('checkbox', { name: 'Select every order on this page' }).check();
  const toolbar = page.getByRole('toolbar', { name: 'Selected orders' });
  await expect(toolbar.getByText('2 selected')).toBeVisible();
  await toolbar.getByRole('button', { name: 'Mark shipped' }).click();
  await expectNotice(page, '2 orders updated');
  await expect(page.getByRole('tab', { name: 'Shipped (2)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Pending (0)' })).toBeVisible();

  // The history names the admin's account, not a role.
  await rows.filter({ hasText: newer }).getByRole('button', { name: `View details of order ${newer}` }).click();
  const details = page.getByRole('dialog', { name: new RegExp(`Order #${newer.toUpperCase()}`) });
  const history = details.getByRole('region', { name: 'Status history' });
  await expect(history).toContainText('PENDING → SHIPPED');
  await expect(history).toContainText(`by ${adminName}`);

  // The packing slip: the delivery address with its phone, the pieces, the cash to collect.
  await details.getByRole('link', { name: 'Packing slip' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/order/${ids[1]}/packing-slip$`));
  const slip = page.getByRole('article', { name: `Packing slip · Order #${newer.toUpperCase()}` });
  const shipTo = slip.getByRole('region', { name: 'Ship to' });
  await expect(shipTo).toContainText('Bulk Buyer');
  await expect(shipTo).toContainText('3 Park Street');
  await expect(shipTo).toContainText('Kolkata, West Bengal 700016');
  await expect(shipTo).toContainText('Phone: +91-98765-43210');
  await expect(slip.getByRole('table', { name: 'Pieces to pack' }).getByRole('row')).toHaveCount(2);
  await expect(slip).toContainText('1 piece in all.');
  await expect(slip).toContainText(/Collect ₹[\d,]+\.\d\d in cash on delivery\./);

  // Print asks the browser to print; on paper the back office around the slip is left out.
  await page.evaluate(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => {
      w.printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(shipTo).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
});

test("the dashboard counts today's orders and links each figure to its filtered list", async ({ page, request }) => {
  const { ids } = await placeOrders(request, 1);
  const today = indiaDay();

  await signInAdmin(page);
  // The last 30 days as a chart, beside today's figures.
  await expect(page.getByRole('region', { name: 'Last 30 days' }).locator('svg').first()).toBeVisible();
  await expect(page.getByRole('region', { name: "Today's revenue" })).toContainText('₹');
  const todays = page.getByRole('region', { name: "Today's orders" });
  await expect(todays).toContainText(/[1-9]/);
  await todays.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/admin/order\\?from=${today}&to=${today}$`));
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: ids[0].slice(0, 8) })).toHaveCount(1);

  // Low stock: the products list opens on that filter.
  await page.goto('/admin/dashboard');
  await page.getByRole('region', { name: 'Low stock' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/product\?stock=low$/);
  await expect(page.getByRole('table', { name: 'Products' })).toBeVisible();
});
