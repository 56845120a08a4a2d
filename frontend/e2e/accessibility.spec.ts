import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { registerCustomer, signInAdmin, signInCustomer, type Customer } from './support';

// Automated accessibility checks (WCAG 2.1 A and AA, the bar the shop holds itself to) with axe-core
// on the pages shoppers and the owner use most, at a 360 px phone and at desktop width; and the
// storefront at 360 px with the text at 200 % (WCAG 1.4.4 resize text, 1.4.10 reflow).

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe on the page as it is now and fails with every violation: the rule, its help text,
 * the element (its selector and a piece of its HTML) and the page, so CI output alone says what
 * to fix and where.
 */
async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page })
    // WCAG 2.5.3 (label in name): axe files its rule as experimental, which the tags alone skip.
    // ancestry: each element's full path as well, for a target as short as "ul".
    .options({ ancestry: true, rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(WCAG_TAGS)
    .analyze();
  const found = results.violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `[${where}] ${page.url().replace(/^https?:\/\/[^/]+/, '')} — ${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n` +
        `    element: ${n.target.join(' >> ')}\n    path: ${n.ancestry?.join(' >> ').split(' > ').slice(-5).join(' > ') ?? ''}\n    html: ${n.html.slice(0, 200)}\n    ${n.failureSummary?.replace(/\n/g, ' ') ?? ''}`,
    ),
  );
  // Soft: every page of the walk is scanned, and the report lists them all.
  expect.soft(found, `axe found ${found.length} violation(s) on ${where}:\n${found.join('\n')}`).toEqual([]);
}

/** The page has its content, not a loader: the given element shows and no progress bar spins. */
async function ready(page: Page, shown: Locator) {
  await expect(shown).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

async function apiToken(request: APIRequestContext, c: Customer): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { identifier: c.email, password: c.password } });
  expect(login.status()).toBe(200);
  return (await login.json()).token as string;
}

/**
 * A new shopper with an address, one placed (pending) order for the order history, and one piece
 * in the cart, all through the API: the subject here is the pages, not how they were filled.
 */
async function shopperWithCart(request: APIRequestContext): Promise<Customer> {
  const customer = await registerCustomer(request, 'axe');
  const headers = { Authorization: `Bearer ${await apiToken(request, customer)}` };
  const address = await request.post('/api/addresses', {
    headers,
    data: { fullName: 'Kavya Nair', phone: '9876543210', addressLine1: '4 Residency Road', addressLine2: null, city: 'Bengaluru', state: 'Karnataka', postalCode: '560025', isDefault: true },
  });
  expect(address.status(), await address.text()).toBe(201);
  const products = (await (await request.get('/api/products?limit=50')).json()).data as { variants: { id: string; stock: number }[] }[];
  const variant = products.flatMap((p) => p.variants).find((v) => v.stock >= 2);
  expect(variant, 'a demo variant with stock').toBeTruthy();
  const add = async () => {
    const added = await request.post('/api/cart/add', { headers, data: { productVariantId: variant!.id, quantity: 1 } });
    expect(added.status(), await added.text()).toBe(201);
  };
  await add();
  const placed = await request.post('/api/orders/place', { headers, data: { addressId: (await address.json()).data.id, paymentMethod: 'COD' } });
  expect(placed.status(), await placed.text()).toBe(201);
  await add();
  return customer;
}

/** Home, the shop listing and the first product of the listing, as a guest. */
async function scanStorefront(page: Page, size: string) {
  await page.goto('/');
  await ready(page, page.getByRole('heading', { name: 'Featured Products' }));
  await expectAccessible(page, `home, ${size}`);

  await page.goto('/shop');
  await ready(page, page.locator('main#main').getByText(/^\d+ product\(s\) found$/));
  await expectAccessible(page, `shop listing, ${size}`);

  await page.getByRole('article').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/product\//);
  await ready(page, page.getByRole('button', { name: /^Add to Cart - / }));
  await expectAccessible(page, `product page, ${size}`);
}

/** The cart, the checkout and the account pages of a signed-in shopper with a piece in the cart. */
async function scanShopper(page: Page, request: APIRequestContext, size: string) {
  await signInCustomer(page, await shopperWithCart(request));
  await expectAccessible(page, `account dashboard, ${size}`);

  await page.goto('/cart');
  await ready(page, page.getByRole('region', { name: 'Order Summary' }));
  await expectAccessible(page, `cart, ${size}`);

  await page.goto('/checkout');
  await ready(page, page.getByRole('radio', { name: /4 Residency Road/ }));
  await expectAccessible(page, `checkout, ${size}`);

  await page.goto('/myaccount/account');
  await ready(page, page.getByRole('form', { name: 'Profile' }));
  await expectAccessible(page, `account profile, ${size}`);

  await page.goto('/myaccount/address');
  await ready(page, page.getByText(/4 Residency Road/).first());
  await expectAccessible(page, `account addresses, ${size}`);

  await page.goto('/myaccount/order');
  await ready(page, page.getByRole('article').first());
  await expectAccessible(page, `order history, ${size}`);
}

/** The sign-in dialog (opened by /login) and the registration dialog, as a guest. */
async function scanSignIn(page: Page, size: string) {
  await page.goto('/login');
  const signIn = page.getByRole('dialog', { name: 'Sign In' });
  await ready(page, signIn);
  await expectAccessible(page, `sign-in dialog, ${size}`);

  await signIn.getByRole('button', { name: 'Create an account' }).click();
  await ready(page, page.getByRole('dialog', { name: 'Create Account' }));
  await expectAccessible(page, `register dialog, ${size}`);
}

for (const [size, viewport] of [
  ['phone 360 px', PHONE],
  ['desktop 1280 px', DESKTOP],
] as const) {
  test.describe(`at ${size}`, () => {
    test.use(size === 'phone 360 px' ? { viewport, isMobile: true, hasTouch: true } : { viewport });

    test('storefront pages have no WCAG 2.1 AA violations', async ({ page }) => {
      await scanStorefront(page, size);
    });

    test('sign-in and register dialogs have no WCAG 2.1 AA violations', async ({ page }) => {
      await scanSignIn(page, size);
    });

    test("a shopper's cart, checkout and account pages have no WCAG 2.1 AA violations", async ({ page, request }) => {
      await scanShopper(page, request, size);
    });
  });
}

test.describe('back office at desktop 1280 px', () => {
  test.use({ viewport: DESKTOP });

  test('products, orders and the product form have no WCAG 2.1 AA violations', async ({ page }) => {
    await signInAdmin(page);
    await ready(page, page.getByRole('heading', { name: 'Dashboard' }));
    await expectAccessible(page, 'admin dashboard');

    await page.goto('/admin/product');
    await ready(page, page.getByRole('button', { name: 'Add Product' }).first());
    await expectAccessible(page, 'admin products list');

    await page.getByRole('button', { name: 'Add Product' }).first().click();
    await ready(page, page.getByRole('dialog', { name: 'Add Product' }));
    await expectAccessible(page, 'admin product form (Add Product)');

    await page.goto('/admin/order');
    await ready(page, page.getByRole('heading', { level: 1 }));
    await expectAccessible(page, 'admin orders list');
  });
});

test.describe('back office at phone 360 px', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('products and categories, shown as cards, have no WCAG 2.1 AA violations', async ({ page }) => {
    await signInAdmin(page);
    await page.goto('/admin/product');
    await ready(page, page.getByRole('button', { name: /^View \d+ images? of / }).first());
    await expectAccessible(page, 'admin products cards, phone');

    await page.goto('/admin/category');
    await ready(page, page.getByRole('list', { name: 'Categories' }));
    await expectAccessible(page, 'admin categories cards, phone');
  });
});

// ---- 360 px with the text at 200 % (MUI sizes text in rem, so the root font size scales it) ----

async function zoomText(page: Page) {
  await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
}

/** The page does not scroll sideways: everything reflows into the 360 px. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const m = await page.evaluate(() => {
    const s = document.scrollingElement ?? document.documentElement;
    // The widest elements that stick out on the right, to say what to fix.
    const wide = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > s.clientWidth + 1 && e.getClientRects().length > 0)
      .slice(-3)
      .map((e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}.${[...e.classList].slice(0, 3).join('.')} right=${Math.round(e.getBoundingClientRect().right)}`);
    return { scrollWidth: s.scrollWidth, clientWidth: s.clientWidth, wide };
  });
  expect(m.scrollWidth, `${where}: the page scrolls sideways at 200 % text (${m.scrollWidth} > ${m.clientWidth}); sticking out: ${m.wide.join('; ')}`).toBeLessThanOrEqual(m.clientWidth + 1);
}

/** A main button shows whole inside the viewport's width, its text not clipped. */
async function expectWholeOnScreen(page: Page, button: Locator, where: string) {
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  expect(box, `${where}: the button has a box`).not.toBeNull();
  const width = page.viewportSize()!.width;
  expect(box!.x, `${where}: the button's left edge is on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${where}: the button's right edge is on screen`).toBeLessThanOrEqual(width);
  const clipped = await button.evaluate((b) =>
    [b, ...b.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible'),
  );
  expect(clipped, `${where}: the button's text is clipped`).toBe(false);
}

test.describe('360 px phone with text at 200 %', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('home, shop listing and product page reflow without sideways scrolling', async ({ page }) => {
    await page.goto('/');
    await ready(page, page.getByRole('heading', { name: 'Featured Products' }));
    await zoomText(page);
    await expectNoSidewaysScroll(page, 'home');

    await page.goto('/shop');
    await ready(page, page.locator('main#main').getByText(/^\d+ product\(s\) found$/));
    await zoomText(page);
    await expectNoSidewaysScroll(page, 'shop listing');

    await page.getByRole('article').first().getByRole('link').first().click();
    const add = page.getByRole('button', { name: /^Add to Cart - / });
    await ready(page, add);
    await zoomText(page);
    await expectNoSidewaysScroll(page, 'product page');
    await expectWholeOnScreen(page, add, 'product page, Add to Cart');
  });

  test('the cart reflows and its checkout button shows whole', async ({ page, request }) => {
    await signInCustomer(page, await shopperWithCart(request));
    await page.goto('/cart');
    const checkout = page.getByRole('link', { name: 'Proceed to Checkout' });
    await ready(page, checkout);
    await zoomText(page);
    await expectNoSidewaysScroll(page, 'cart');
    await expectWholeOnScreen(page, checkout, 'cart, Proceed to Checkout');
  });
});
