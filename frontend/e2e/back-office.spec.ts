import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  expectNoHorizontalScroll,
  expectNotice,
  pngImage,
  registerCustomer,
  signInAdmin,
  signInCustomer,
  uniqueName,
  type Customer,
  fillAddress,
} from './support';

// The back office (categories, products, orders, company details) against the real server. The steps build on each other
// (category → product → order → shipping), so they run in order and stop at the first failure.
test.describe.configure({ mode: 'serial' });

const id = uniqueName('');
const parentName = `Festive ${id}`;
const subName = `Lehengas ${id}`;
const productName = `Zari Lehenga ${id}`;
let customer: Customer;
let orderNumber = ''; // as the storefront shows it: 8 upper-case characters

/** Signs the admin in and waits for the dashboard's heading. */
async function openDashboard(page: Page) {
  await signInAdmin(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

async function customerPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInCustomer(page, customer);
  return page;
}

function adminNav(page: Page) {
  return page.getByRole('navigation', { name: 'Admin' });
}

test('the admin signs in and lands on the dashboard', async ({ page }) => {
  await openDashboard(page);
  await expect(page.getByText(/^Welcome back, /)).toBeVisible();
  for (const card of ['Category', 'Product', 'Order', 'Company']) {
    const region = page.getByRole('region', { name: card, exact: true });
    await expect(region.getByRole('button', { name: 'Manage' }).or(region.getByRole('link', { name: 'Manage' }))).toBeVisible();
    await expect(region.getByRole('button', { name: 'View All' }).or(region.getByRole('link', { name: 'View All' }))).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Category', exact: true }).getByText(/^\d+ Active$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order', exact: true }).getByText(/^\d+ Pending$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Company', exact: true }).getByText('3 Registered')).toBeVisible();
  // An admin has no cart or wishlist: the storefront says so.
  await page.goto('/cart');
  await expect(page.getByText('Admin cannot add products to cart')).toBeVisible();
});

test('the admin creates a category with an image, then a subcategory', async ({ page }) => {
  await openDashboard(page);
  await adminNav(page).getByRole('link', { name: 'Category' }).click();
  await expect(page).toHaveURL(/\/admin\/category$/);
  await expect(page.getByRole('table', { name: 'Categories' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Category' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Category' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please fill the category name.')).toBeVisible();
  await expect(dialog.getByText('Please upload at least 1 images.')).toBeVisible();

  // Only letters, digits and spaces are kept.
  const name = dialog.getByRole('textbox', { name: 'Category name' });
  await name.fill(`${parentName}!#`);
  await expect(name).toHaveValue(parentName);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Occasion wear for weddings and festivals');
  // The demo shop is GST-registered: goods need an HSN code (the subcategory and its products
  // take this one) before an order of them can ship with its tax invoice.
  await dialog.getByRole('textbox', { name: 'HSN code' }).fill('6211');
  await dialog.getByLabel('Category image').setInputFiles(pngImage('festive.png', [200, 30, 60]));
  await expect(dialog.getByRole('img', { name: 'New image festive.png' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Category saved successfully!');
  await expect(dialog).toBeHidden();
  const table = page.getByRole('table', { name: 'Categories' });
  const parentRow = table.getByRole('row').filter({ hasText: parentName });
  await expect(parentRow).toContainText('Occasion wear for weddings and festivals');

  // A subcategory under it, with the parent chosen already.
  await parentRow.getByRole('button', { name: `Add subcategory to ${parentName}` }).click();
  dialog = page.getByRole('dialog', { name: 'Add Category' });
  await expect(dialog.getByRole('combobox', { name: 'Parent category' })).toHaveText(parentName);
  await dialog.getByRole('textbox', { name: 'Category name' }).fill(subName);
  await dialog.getByLabel('Category image').setInputFiles(pngImage('lehenga.png', [30, 120, 200]));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Category saved successfully!');
  await expect(dialog).toBeHidden();
  await expect(parentRow).toContainText('1 subcategory');
  // The parent opens to show its new subcategory; it collapses and expands again.
  const subRow = table.getByRole('row').filter({ hasText: subName });
  await expect(subRow).toBeVisible();
  await parentRow.getByRole('button', { name: `Collapse ${parentName}` }).click();
  await expect(subRow).toHaveCount(0);
  await parentRow.getByRole('button', { name: `Expand ${parentName}` }).click();
  await expect(subRow).toBeVisible();
  const parentNo = (await parentRow.getByRole('cell').first().textContent())?.trim();
  await expect(subRow.getByRole('cell').first()).toHaveText(`${parentNo}.1`);

  // The storefront lists the new top-level category with its picture.
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Shop by Category' });
  await expect(carousel.getByRole('link', { name: parentName })).toBeVisible();
});

test('the admin creates a product with two variants and two images', async ({ page }) => {
  await openDashboard(page);
  await adminNav(page).getByRole('link', { name: 'Product' }).click();
  await expect(page).toHaveURL(/\/admin\/product$/);
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });

  await dialog.getByRole('button', { name: 'Save Product' }).click();
  const problems = dialog.getByRole('alert');
  await expect(problems).toContainText('Please fill Product Name');
  await expect(problems).toContainText('Please select Category');
  await expect(problems).toContainText('Please upload at least 1 image');

  await dialog.getByRole('textbox', { name: 'Product Name' }).fill(productName);
  // Cascading category choice down to the subcategory.
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: parentName }).click();
  await dialog.getByRole('combobox', { name: 'Subcategory' }).click();
  await page.getByRole('option', { name: subName }).click();
  await expect(dialog.getByRole('combobox', { name: 'Subcategory' })).toHaveText(subName);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Hand-finished zari work on silk.');

  // Variant 1 (stock starts at 1), with the price rule on the way.
  const v1 = dialog.getByRole('group', { name: 'Variant 1' });
  await expect(v1.getByLabel('Variant 1 stock')).toHaveValue('1');
  await v1.getByLabel('Variant 1 size').fill('m');
  await expect(v1.getByLabel('Variant 1 size')).toHaveValue('M');
  await v1.getByLabel('Variant 1 color', { exact: true }).fill('Red');
  await expect(v1.getByLabel('Variant 1 hex code')).toHaveValue(/^#ff0000$/i);
  await v1.getByLabel('Variant 1 stock').fill('5');
  await v1.getByLabel('Variant 1 original price').fill('1500');
  await v1.getByLabel('Variant 1 discount price').fill('2000');
  await expect(v1.getByText('Discount Price cannot be greater than Original Price')).toBeVisible();
  await v1.getByLabel('Variant 1 discount price').fill('300');
  await expect(v1.getByText('Discount Price cannot be greater than Original Price')).toHaveCount(0);

  // Variant 2 copies the colour (read-only) and starts with stock 0.
  await dialog.getByRole('button', { name: 'Add Variant' }).click();
  const v2 = dialog.getByRole('group', { name: 'Variant 2' });
  await expect(v2.getByLabel('Variant 2 color', { exact: true })).toHaveValue('Red');
  // It starts with the colour above and may take another at once (issue 16).
  await expect(v2.getByLabel('Variant 2 color', { exact: true })).not.toHaveAttribute('readonly');
  await expect(v2.getByLabel('Variant 2 stock')).toHaveValue('0');
  await v2.getByLabel('Variant 2 size').fill('L');
  await v2.getByLabel('Variant 2 stock').fill('3');
  await v2.getByLabel('Variant 2 original price').fill('1500');
  await v2.getByLabel('Variant 2 discount price').fill('300');

  await dialog.getByLabel('Product images').setInputFiles([
    pngImage('front.png', [180, 20, 40]),
    pngImage('back.png', [20, 160, 90]),
  ]);
  await expect(dialog.getByText('Images (2/10) *')).toBeVisible();
  const selected = dialog.getByRole('list', { name: 'Selected images' });
  await expect(selected.getByRole('listitem', { name: 'New image front.png' }).getByText('New')).toBeVisible();
  await expect(selected.getByRole('listitem', { name: 'New image back.png' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Save Product' }).click();
  await expectNotice(page, 'Product added successfully!');
  await expect(dialog).toBeHidden();
  const row = page.getByRole('table', { name: 'Products' }).getByRole('row').filter({ hasText: productName });
  await expect(row).toContainText(subName);
  await expect(row.getByRole('button', { name: `View 2 images of ${productName}` })).toHaveText('View 2 images');
  await row.getByRole('button', { name: `2 variants of ${productName}`, expanded: false }).click();
  const variants = page.getByRole('table', { name: `Variants of ${productName}` });
  await expect(variants.getByRole('row')).toHaveCount(3); // header + 2
  await expect(variants).toContainText('Red');
});

test('the new product appears in the storefront listing and its page', async ({ page }) => {
  await page.goto('/shop');
  const card = page.getByRole('article', { name: productName });
  await expect(card).toBeVisible();
  await expect(card.getByText('17% OFF')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Size M', exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Size L', exact: true })).toBeVisible();

  // Its category listing, reached from the home page carousel.
  await page.goto('/');
  await page.getByRole('region', { name: 'Shop by Category' }).getByRole('link', { name: parentName }).click();
  await expect(page.getByRole('heading', { level: 1, name: parentName })).toBeVisible();
  await expect(page.getByText('1 product(s) found')).toBeVisible();
  await page.getByRole('article', { name: productName }).getByRole('link', { name: productName }).click();

  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expect(page.getByText('2 sizes available')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart - ₹1,500.00' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show picture 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Show picture 2' }).click();
  await expect(page.getByRole('img', { name: `${productName}, picture 2 of 2` })).toBeVisible();
});

test('a customer orders it, the admin ships it and the customer sees Shipped', async ({ page, browser, request }) => {
  customer = await registerCustomer(request, 'ordering');
  const shopper = await customerPage(browser);

  await shopper.goto('/shop');
  await shopper.getByRole('article', { name: productName }).getByRole('link', { name: productName }).click();
  await shopper.getByRole('group', { name: 'Select Size' }).getByRole('button', { name: 'Size L' }).click();
  await shopper.getByRole('button', { name: 'Add to Cart - ₹1,500.00' }).click();
  await expect(shopper).toHaveURL(/\/cart$/);
  await shopper.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await shopper.getByRole('button', { name: 'Add New Address' }).click();
  const form = shopper.getByRole('form', { name: 'New address' });
  await fillAddress(shopper, form, { line1: '3 Park Street', city: 'Kolkata', state: 'West Bengal', pin: '700016' });
  await form.getByRole('button', { name: 'Add Address' }).click();
  await expect(shopper.getByRole('radio', { name: /3 Park Street, Kolkata/ })).toBeChecked();
  await shopper.getByRole('button', { name: 'Place Order' }).click();
  const success = shopper.getByRole('dialog', { name: 'Order Placed Successfully!' });
  await expect(success).toBeVisible();
  orderNumber = ((await success.getByText(/^Order #/).textContent()) ?? '').replace('Order #', '').trim();
  expect(orderNumber).toMatch(/^[0-9A-F]{8}$/);
  const shortId = orderNumber.toLowerCase();

  // The back office: the order is pending; the admin moves it to SHIPPED.
  await openDashboard(page);
  await adminNav(page).getByRole('link', { name: 'Order' }).click();
  await expect(page).toHaveURL(/\/admin\/order$/);
  const row = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: shortId });
  await expect(row).toContainText(customer.username);
  await expect(row).toContainText('₹1,500.00');
  // Cells: the tick box, order ID, customer, total, payment, status, ...
  const statusCell = row.getByRole('cell').nth(5);
  await expect(statusCell).toHaveText('PENDING');

  await row.getByRole('button', { name: `View details of order ${shortId}` }).click();
  const details = page.getByRole('dialog');
  await expect(details.getByRole('region', { name: 'Customer' })).toContainText(customer.email);
  await expect(details.getByRole('region', { name: 'Delivery address' })).toContainText('3 Park Street');
  await expect(details.getByRole('region', { name: 'Items' })).toContainText(productName);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  const status = row.getByRole('combobox', { name: `Status of order ${shortId}` });
  await status.click();
  await page.getByRole('option', { name: 'SHIPPED' }).click();
  await expectNotice(page, 'Status updated to SHIPPED');
  await expect(statusCell).toHaveText('SHIPPED');
  await expect(status).toHaveText('SHIPPED');
  // The server kept it.
  await page.reload();
  await expect(statusCell).toHaveText('SHIPPED');

  // The customer's order history says Shipped, and the order can no longer be cancelled.
  await shopper.goto('/myaccount/order');
  const order = shopper.getByRole('article', { name: `Order ${shortId}` });
  await expect(order.getByText('Shipped', { exact: true })).toBeVisible();
  await expect(order.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  // Who changed it is a role for the customer, never the admin's account.
  const updates = order.getByRole('region', { name: 'Order updates' }).getByRole('listitem');
  await expect(updates).toHaveText([/^Order placed by You · /, /^Shipped by Shop · /]);
  // Shipping issued the tax invoice: the customer downloads it, a PDF.
  const invoice = order.getByRole('button', { name: /^Download invoice / });
  const [download] = await Promise.all([shopper.waitForEvent('download'), invoice.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await shopper.context().close();
});

test('company details and a legal page edited in the back office show on the storefront', async ({ page, browser }) => {
  const company = {
    name: `Couture ${id}`,
    email: `care.${id}@example.com`,
    phone: '9123456780',
    address: '88 Linking Road, Mumbai',
    pincode: '400050',
  };
  await openDashboard(page);
  await adminNav(page).getByRole('link', { name: 'Company' }).click();
  await expect(page).toHaveURL(/\/admin\/company$/);
  const form = page.getByRole('form', { name: 'Company details' });
  await form.getByLabel('Company logo').setInputFiles(pngImage('logo.png', [10, 10, 120], 64));
  await form.getByRole('textbox', { name: 'Company name' }).fill(company.name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(company.email);
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill(company.phone);
  await form.getByRole('textbox', { name: 'Address' }).fill(company.address);
  await form.getByRole('textbox', { name: 'Pincode' }).fill(company.pincode);
  // The grievance officer every page must name (Consumer Protection (E-Commerce) Rules, 2020).
  await form.getByRole('textbox', { name: "Officer's name" }).fill('Meera Iyer');
  await form.getByRole('textbox', { name: 'Designation' }).fill('Head of customer care');
  await form.getByRole('textbox', { name: 'Grievance email' }).fill(`grievance.${id}@example.com`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Company details updated successfully!');

  const privacyText = `We keep e2e records ${id} for exactly as long as needed.`;
  await page.goto('/admin/legal');
  await page.getByRole('tab', { name: 'privacy-policy' }).click();
  const editor = page.getByRole('textbox', { name: 'Privacy Policy content' });
  await editor.fill(privacyText);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Page saved successfully!');

  // A visitor sees them straight away.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('link', { name: `${company.name} home` }).getByRole('img', { name: company.name })).toBeVisible();
  await expect(visitor).toHaveTitle(`Home | ${company.name}`);
  await expect(visitor.getByRole('link', { name: company.email }).first()).toBeVisible();
  await expect(visitor.getByRole('link', { name: `+91-${company.phone}` }).first()).toBeVisible();
  const footer = visitor.getByRole('contentinfo');
  await expect(footer).toContainText(company.address);
  await expect(footer).toContainText(`Pincode: ${company.pincode}`);
  await expect(footer).toContainText(company.name);
  const officer = footer.getByRole('region', { name: 'Grievance officer' });
  await expect(officer).toContainText('Meera Iyer, Head of customer care');
  await expect(officer.getByRole('link', { name: `grievance.${id}@example.com` })).toHaveAttribute('href', `mailto:grievance.${id}@example.com`);
  // No phone of their own: the company's.
  await expect(officer.getByRole('link', { name: `+91-${company.phone}` })).toBeVisible();

  await visitor.goto('/terms-and-conditions');
  await expect(visitor.getByRole('main')).toContainText(company.name);
  await expect(visitor.getByRole('main')).toContainText(company.email);

  await visitor.goto('/privacy-policy');
  await expect(visitor.getByText(privacyText)).toBeVisible();
  await visitor.context().close();
});

test("a customer opening /admin is told it is for the shop's staff, a guest is asked to sign in; neither sees admin data", async ({ browser, request }) => {
  const intruder = await registerCustomer(request, 'intruder');
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInCustomer(page, intruder);

  // Record every API call and whether any back-office text ever reaches the page.
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${r.method()} ${url.pathname}`);
  });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __adminSeen: string[] }).__adminSeen = seen;
    new MutationObserver(() => {
      const text = document.body?.innerText ?? '';
      for (const t of ['3 Registered', 'View All', 'Back to store']) if (text.includes(t) && !seen.includes(t)) seen.push(t);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });

  // A signed-in customer is told where they are, not shown a bare sign-in prompt.
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: "This area is for the shop's staff" })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __adminSeen: string[] }).__adminSeen)).toEqual([]);
  const adminCalls = calls.filter((c) => /\/api\/(orders\/(all|pending-count)|admin)/.test(c));
  expect(adminCalls).toEqual([]);

  // A doctored stored role does not help: the server's answer decides.
  await page.evaluate(() => window.localStorage.setItem('role', 'ADMIN'));
  await page.goto('/admin/order');
  await expect(page.getByRole('heading', { level: 1, name: "This area is for the shop's staff" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __adminSeen: string[] }).__adminSeen)).toEqual([]);
  expect(calls.filter((c) => /\/api\/orders\/all/.test(c))).toEqual([]);
  await page.getByRole('button', { name: 'Back to the shop' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('heading', { name: 'Featured Products', includeHidden: true })).toBeAttached();
  await context.close();

  // A guest is sent to the storefront with the sign-in prompt.
  const guest = await browser.newPage();
  await guest.goto('/admin/product');
  await expect(guest).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(guest.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  await guest.close();
});

test('the orders page on a 360 px phone: cards, no sideways scrolling, a menu that closes on Escape', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openDashboard(page);
  await page.goto('/admin/order');
  const cards = page.getByRole('list', { name: 'Orders' });
  await expect(cards).toBeVisible();
  await expect(page.getByRole('table', { name: 'Orders' })).toHaveCount(0);
  const card = cards.getByRole('listitem', { name: `Order ${orderNumber.toLowerCase()}` });
  await expect(card).toContainText('SHIPPED');
  await expect(card.getByRole('button', { name: /^View details of order / })).toBeVisible();
  await expect(card.getByRole('combobox')).toBeVisible();
  await expectNoHorizontalScroll(page);

  const menuButton = page.getByRole('button', { name: 'Open admin menu' });
  await menuButton.click();
  const nav = adminNav(page);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
});

test('the admin blocks cash on delivery for a PIN code in Settings and the product page says so', async ({ page }) => {
  await openDashboard(page);
  await adminNav(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  const form = page.getByRole('form', { name: 'Cash on delivery settings' });
  await expect(form.getByLabel('Largest order (Rs)')).toHaveValue('10000');
  await form.getByRole('textbox', { name: 'PIN code' }).fill('799001');
  await form.getByRole('button', { name: 'Add' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Cash on delivery settings saved');
  await page.reload();
  await expect(page.getByRole('list', { name: 'Blocked PIN codes' })).toContainText('799001');

  await page.goto('/product/classic-oxford-shirt');
  const check = page.getByRole('form', { name: 'Check delivery' });
  await check.getByLabel('Delivery PIN code').fill('799001');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(check.getByRole('status')).toHaveText('Delivery available, but cash on delivery is not available for PIN code 799001');
});
