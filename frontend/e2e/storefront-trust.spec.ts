import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import PAGE_CONTRACT from '../src/lib/page-contract.json' with { type: 'json' };
import { PRIVACY_SECTIONS } from '../src/testing/legal';
import { E2E_ADMIN, expectNoHorizontalScroll, expectNoShift, notice, registerCustomer, signInAdmin, signInCustomer, slowCpu, watchShifts } from './support';

// A privacy policy as an owner writes it (the demo's, with an HTML tag that must not render).
const PRIVACY_MD = `We respect your privacy.

## Interpretation and Definitions

"We" means the shop. <img src="x" onerror="document.title='owned'">

## Collecting Your Personal Data

- your name, e-mail address and phone number;
- your delivery addresses.

## Tracking Technologies and Cookies

Browser storage keeps you signed in.

## Usage of Your Personal Data

**We never sell your data.**

## Retention of Your Personal Data

As long as tax law requires.

## Security of Your Personal Data

Passwords are stored as salted hashes.

## Children's Privacy

We do not knowingly serve children under 13.
`;

// Issue 17, a storefront a shopper trusts: every check on a 390 px phone and a 1280 px desktop.
const SCREENS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

/** No chip's text is wider than its chip: nothing inside spills out or wraps past it. */
async function expectChipsFit(chips: Locator) {
  const sizes = await chips.evaluateAll((els) =>
    els.map((el) => ({ text: el.textContent, scroll: el.scrollWidth, client: el.clientWidth, height: el.getBoundingClientRect().height })),
  );
  expect(sizes.length).toBeGreaterThan(0);
  for (const s of sizes) {
    expect(s.scroll, `chip "${s.text}" text width`).toBeLessThanOrEqual(s.client);
    // One line of text: a wrapped chip would be taller than 40 px.
    expect(s.height, `chip "${s.text}" height`).toBeLessThanOrEqual(48);
  }
}

/** A card's options are two lines: one of colour swatches, one of size chips (more sizes scroll sideways). */
async function expectCardOptionsTwoLines(card: Locator) {
  for (const name of ['Colours', 'Sizes']) {
    const group = card.getByRole('group', { name, exact: true });
    if ((await group.count()) === 0) continue;
    const box = await group.boundingBox();
    expect(box, `${name} group`).not.toBeNull();
    expect(box!.height, `${name} of one line`).toBeLessThanOrEqual(28);
  }
  // Together: no more than two lines under the name and price.
  const swatches = await card.getByRole('group', { name: 'Colours', exact: true }).boundingBox();
  const sizes = await card.getByRole('group', { name: 'Sizes', exact: true }).boundingBox();
  if (swatches && sizes) expect(sizes.y + sizes.height - swatches.y, 'two lines of options').toBeLessThanOrEqual(2 * 28 + 8);
}

/** The notification's box does not meet the cart's or the wishlist's badge button. */
async function expectApart(page: Page, note: Locator) {
  const a = await note.boundingBox();
  expect(a, 'notice').not.toBeNull();
  for (const which of ['Cart', 'Wishlist']) {
    const b = await page.locator(`header button[aria-label^="${which},"]`).boundingBox();
    expect(b, which).not.toBeNull();
    const overlap = a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
    expect(overlap, `notice ${JSON.stringify(a)} over the ${which} badge ${JSON.stringify(b)}`).toBe(false);
  }
}

async function cardsOf(page: Page, path: string) {
  await page.goto(path);
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  return cards;
}

for (const screen of SCREENS) {
  test.describe(`at ${screen.viewport.width} px`, () => {
    test.use({ viewport: screen.viewport, isMobile: screen.isMobile, hasTouch: screen.hasTouch });

    test('cards show colours as swatches and sizes as chips that fit', async ({ page }) => {
      for (const path of ['/', '/shop', '/category/Accessories']) {
        const cards = await cardsOf(page, path);
        await expectChipsFit(page.locator('article').getByRole('group', { name: 'Sizes', exact: true }).getByRole('button'));
        const n = Math.min(await cards.count(), 4);
        for (let i = 0; i < n; i++) await expectCardOptionsTwoLines(cards.nth(i));
        await expectNoHorizontalScroll(page);
      }
      // A saree in two colours: two swatches and the one size, not a pill per size and colour.
      await page.goto('/category/Sarees');
      const card = page.getByRole('article', { name: 'Kanjeevaram Silk Saree' });
      await expect(card.getByRole('group', { name: 'Colours', exact: true }).getByRole('button')).toHaveCount(2);
      await expect(card.getByRole('group', { name: 'Sizes', exact: true }).getByRole('button')).toHaveText(['Free Size']);
    });

    test('the product page shows colours and sizes whose chips fit', async ({ page }) => {
      await page.goto('/product/kanjeevaram-silk-saree');
      await expect(page.getByRole('heading', { level: 1, name: 'Kanjeevaram Silk Saree' })).toBeVisible();
      const colours = page.getByRole('group', { name: /^Colour:/ }).getByRole('button');
      await expect(colours).toHaveCount(2);
      await expectChipsFit(page.getByRole('group', { name: 'Select Size' }).getByRole('button'));
      await expectChipsFit(colours);
      await expectNoHorizontalScroll(page);
    });

    test('the header has a category menu, and the filters keep the other categories in view', async ({ page }) => {
      await page.goto('/about');
      let menu: Locator;
      if (screen.isMobile) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        menu = page.getByRole('navigation', { name: 'Main' }).filter({ visible: true });
        await expect(menu.getByRole('heading', { name: 'Categories' })).toBeVisible();
      } else {
        await page.getByRole('button', { name: 'Categories' }).click();
        menu = page.getByRole('navigation', { name: 'Categories' });
      }
      for (const name of ['Men', 'Women', 'Kids', 'Accessories', 'Shirts', 'Sarees', 'Scarves']) {
        await expect(menu.getByRole(screen.isMobile ? 'button' : 'link', { name, exact: true })).toBeVisible();
      }
      await menu.getByRole(screen.isMobile ? 'button' : 'link', { name: 'Sarees', exact: true }).click();
      await expect(page).toHaveURL(/\/category\/[a-z-]*sarees$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Sarees' })).toBeVisible();
      await expect(page.getByRole('article', { name: 'Banarasi Silk Saree' })).toBeVisible();
      await expectNoHorizontalScroll(page);

      // The shop's filters: after choosing Shirts, the other categories are still offered.
      await page.goto('/shop');
      await expect(page.locator('main#main').getByText(/^\d+ product\(s\) found$/)).toBeVisible();
      const panel = async () => {
        if (screen.isMobile) {
          await page.getByRole('button', { name: /^Filters/ }).click();
          return page.locator('.MuiDrawer-paper').getByRole('form', { name: 'Filters' });
        }
        return page.getByRole('form', { name: 'Filters' });
      };
      let filters = await panel();
      await filters.getByRole('button', { name: /^Shirts \(6\)$/ }).click();
      await expect(page).toHaveURL(/categoryId=/);
      if (screen.isMobile) {
        await page.locator('.MuiDrawer-paper').getByRole('button', { name: /^Show / }).click();
        await expect(page.locator('.MuiDrawer-paper')).toBeHidden();
      }
      await expect(page.locator('p[role="status"]').filter({ hasText: 'product(s) found' })).toHaveText('6 product(s) found');
      filters = await panel();
      await expect(filters.getByRole('button', { name: /^Shirts \(6\)$/ })).toHaveAttribute('aria-pressed', 'true');
      await expect(filters.getByRole('button', { name: /^Jeans \(5\)$/ })).toBeVisible();
      await expect(filters.getByRole('button', { name: /^Women \(\d+\)$/ })).toBeVisible();
      await filters.getByRole('button', { name: /^Jeans / }).click();
      await expect(page.locator('p[role="status"]').filter({ hasText: 'product(s) found' })).toHaveText('5 product(s) found');
    });

    test('legal pages are Markdown with a contents list built from their headings', async ({ page, request }) => {
      // The owner saves a Markdown privacy policy (another test may have saved a plain one).
      const login = await request.post('/api/auth/login', { data: { identifier: E2E_ADMIN.email, password: E2E_ADMIN.password } });
      expect(login.status()).toBe(200);
      const headers = { Authorization: `Bearer ${(await login.json()).token}` };
      const saved = await request.post('/api/legal-pages', { headers, data: { slug: 'privacy-policy', title: 'Privacy Policy', content: PRIVACY_MD } });
      expect(saved.status(), await saved.text()).toBe(200);

      await watchShifts(page);
      const asked: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/legal-pages') asked.push(r.url());
      });
      await page.goto('/privacy-policy');
      const contents = page.getByRole('navigation', { name: 'Contents' });
      await expect(contents.getByRole('button')).toHaveText(PRIVACY_SECTIONS);
      // The page carried the owner's text: the app drew it without asking the API for it.
      expect(asked).toEqual([]);
      // Markdown: a list and bold text, not literal asterisks; no raw HTML; the Contact Us
      // section (not in the saved text) is the shop's own, with the company details.
      await expect(page.locator('#usage strong')).toHaveText('We never sell your data.');
      await expect(page.locator('#collecting li')).toHaveCount(2);
      await expect(page.locator('main img[src="x"], main script')).toHaveCount(0);
      // The owner's text is the first one drawn: not the default text, replaced (and moved) when it came.
      await expectNoShift(page);
      await contents.getByRole('button', { name: "Children's Privacy" }).click();
      await expect(page.getByRole('heading', { level: 2, name: "Children's Privacy" })).toBeInViewport();
      await expectNoHorizontalScroll(page);

      await page.goto('/terms-and-conditions');
      const terms = page.getByRole('navigation', { name: 'Contents' });
      await expect(terms.getByRole('button', { name: 'Governing Law' })).toBeVisible();
      await expect(terms.getByRole('button', { name: 'Contact Us' })).toBeVisible();
      await expect(page.getByRole('main')).toContainText('100 USD');

      await page.goto('/refund-policy');
      await expect(page.getByRole('tab')).toHaveText(['Overview', 'Cancellation', 'Conditions', 'Process', 'Gifts', 'Contact']);
    });

    test('an admin is told on the product page; the notice leaves the header badges uncovered', async ({ page }) => {
      await signInAdmin(page);
      await page.goto('/product/classic-oxford-shirt');
      await page.getByRole('button', { name: /^Add to Cart - / }).click();
      const cartNotice = notice(page, 'Admins cannot add products to cart');
      await expect(cartNotice).toBeVisible();
      await expectApart(page, cartNotice);
      await page.getByRole('button', { name: 'Add to wishlist' }).click();
      const wishNotice = notice(page, 'Admins cannot add products to wishlist');
      await expect(wishNotice).toBeVisible();
      await expectApart(page, wishNotice);
      // Scrolled down, with the header stuck to the top, too.
      await page.getByRole('heading', { name: 'Description' }).scrollIntoViewIfNeeded();
      await page.getByRole('button', { name: /^Add to Cart - / }).click();
      await expectApart(page, cartNotice.last());
    });

    test('logout is in reach, the contact links dial and write, an unknown slug reads as words', async ({ page, request }) => {
      const customer = await registerCustomer(request, 'trust');
      await signInCustomer(page, customer);
      if (screen.isMobile) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('navigation', { name: 'Main' }).filter({ visible: true });
        await menu.getByRole('button', { name: 'Logout' }).click();
        await expect(page).toHaveURL(/\/$/);
      } else {
        const logout = page.getByRole('navigation', { name: 'My account' }).getByRole('button', { name: 'Logout' });
        await expect(logout).toBeInViewport();
        await logout.click();
        await expect(page).toHaveURL(/\/login$/);
      }
      // Signed out: the header's account button asks to sign in again.
      await expect(page.locator('header button[aria-label="Sign in"]')).toBeVisible();

      // Phone and e-mail are links: the top bar's on a desktop, the footer's everywhere.
      await page.goto('/about');
      const where = screen.isMobile ? page.getByRole('contentinfo') : page.locator('body');
      await expect(where.locator('a[href^="tel:+91"]').first()).toBeVisible();
      await expect(where.locator('a[href^="mailto:"]').first()).toBeVisible();

      await page.goto('/category/summer-sale-edit');
      await expect(page.getByText('summer sale edit', { exact: true })).toBeVisible();
      await expect(page).toHaveTitle(/^summer sale edit \| /);
    });

    test('a shop page with filters in its address draws its filter panel once: nothing moves as the answers come', async ({ page }) => {
      // The worst order: the category list (when the page asks for it) answers after the products.
      let productsAnswered = () => {};
      const answered = new Promise<void>((resolve) => (productsAnswered = resolve));
      page.on('response', (r) => {
        if (r.url().includes('/api/products?')) productsAnswered();
      });
      await page.route(/\/api\/categories$/, async (route) => {
        await answered;
        await route.continue();
      });
      // A phone's slower CPU: the panel is drawn while the answers still come.
      await slowCpu(page);
      await watchShifts(page);
      await page.goto('/shop?page=2');
      await expect(page.getByRole('article').first()).toBeVisible();
      if (screen.viewport.width >= 900) {
        await expect(page.getByRole('form', { name: 'Filters' }).getByRole('button', { name: /^Shirts \(\d+\)$/ })).toBeVisible();
      }
      await expectNoShift(page);
    });

    test('back from a product returns to the same place in the listing', async ({ page }) => {
      await page.goto('/shop');
      const cards = page.getByRole('article');
      await expect(cards.nth(11)).toBeAttached();
      const card = cards.nth(11);
      const name = (await card.locator('.pc-title').textContent())!;
      await card.locator('.pc-title').scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 40));
      const y = await page.evaluate(() => window.scrollY);
      expect(y).toBeGreaterThan(500);
      await card.getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);
      await page.goBack();
      await expect(page.getByRole('article', { name })).toBeVisible();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(y - 5);
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - y)).toBeLessThanOrEqual(5);
      await expect(page.getByRole('article', { name })).toBeInViewport();
    });

    test("choosing a colour shows its pictures first; a tap on the picture opens a zoomable gallery", async ({ page, request }) => {
      const answer = await (await request.get('/api/products/kanjeevaram-silk-saree')).json();
      const images = answer.data.images as { url: string; color: string | null }[];
      const colours = [...new Set(images.map((i) => i.color))];
      expect(colours.length, 'the demo tags each picture with its colour').toBe(2);
      await page.goto('/product/kanjeevaram-silk-saree');
      const main = page.getByRole('button', { name: /^Open picture 1 of 2 full screen$/ });
      for (const colour of [colours[1], colours[0]]) {
        await page.getByRole('group', { name: /^Colour:/ }).getByRole('button', { name: `Colour ${colour}` }).click();
        const first = images.find((i) => i.color === colour)!;
        await expect(main.getByRole('img')).toHaveAttribute('src', first.url);
      }
      await main.click();
      const gallery = page.locator('.yarl__root');
      await expect(gallery).toBeVisible();
      await expect(gallery.locator('img.yarl__slide_image').first()).toBeVisible();
      await expect(gallery.getByRole('button', { name: 'Zoom in' })).toBeVisible();
      await gallery.getByRole('button', { name: 'Zoom in' }).click();
      await expect(gallery.getByRole('button', { name: 'Zoom out' })).toBeEnabled();
      await page.keyboard.press('Escape');
      await expect(gallery).toHaveCount(0);
      await expectNoHorizontalScroll(page);
    });
  });
}

/** The page's window with the titles the app set, in order (see `recordTitles`). */
type TitleLog = { titlesSet: string[] };

/** Records every title the app sets, in order. */
async function recordTitles(page: Page) {
  await page.addInitScript(() => {
    const own = Object.getOwnPropertyDescriptor(Document.prototype, 'title')!;
    const set: string[] = [];
    (window as unknown as TitleLog).titlesSet = set;
    Object.defineProperty(Document.prototype, 'title', {
      configurable: true,
      get() { return own.get!.call(this); },
      set(value: string) { set.push(value); own.set!.call(this, value); },
    });
  });
}

/** The app, opened at `path`, sets no title but the one in the server's HTML; a path of `missing` is answered 404. */
async function expectTitleKept(page: Page, request: APIRequestContext, path: string, missing: string[] = []) {
  const answer = await request.get(path);
  expect.soft(answer.status(), `${path}: status`).toBe(missing.includes(path) ? 404 : 200);
  const html = await answer.text();
  const sent = /<title>([^<]*)<\/title>/.exec(html)?.[1].replaceAll('&amp;', '&').replaceAll('&#39;', "'").replaceAll('&quot;', '"');
  expect(sent, `${path}: the server sends a title`).toBeTruthy();
  await page.goto(path);
  // The page's screen is drawn (it sets its title when it is) and has nothing left to load.
  await page.waitForFunction(() => (window as unknown as TitleLog).titlesSet.length > 0);
  await page.waitForLoadState('networkidle');
  const set = await page.evaluate(() => (window as unknown as TitleLog).titlesSet);
  expect.soft(new Set(set), `${path}: the titles the app set`).toEqual(new Set([sent]));
}

/** The paths of the page contract's `pages`, with `slug` for their `{slug}`, split into open and private ones. */
function contractPaths(slugs: Record<string, string>) {
  const open: string[] = [];
  const own: string[] = [];
  for (const [name, page] of Object.entries(PAGE_CONTRACT.pages) as [string, { paths: string[]; private?: boolean }][]) {
    for (const path of page.paths) {
      if (path.includes('{slug}') && !slugs[name]) throw new Error(`no slug for the ${name} page: give one`);
      (page.private ? own : open).push(path.replace('{slug}', slugs[name]));
    }
  }
  return { open, own };
}

// The title a search engine and a link preview read (the server's) is the one the tab keeps once
// the web app runs: the app never renames a page it was sent. Every page of the contract, and
// the cases of data: a category typed by name, unknown category and product slugs, all products,
// and a path no page has.
test('every storefront page keeps the title the server sent it', async ({ page, request }) => {
  const product = (await (await request.get('/api/products?limit=1')).json()).data[0] as { slug: string; name: string };
  const category = (await (await request.get('/api/categories')).json()).data[0] as { slug: string; name: string };
  const { open, own } = contractPaths({ product: product.slug, category: category.slug });
  const missing = ['/product/no-such-thing', '/category/summer-sale-edit', '/no-such-page'];
  open.push(`/category/${encodeURIComponent(category.name.toUpperCase())}`, '/category/all-products', ...missing);
  // Private pages for a shopper who is not signed in: the app sends a signed-in one on to the account.
  const signedOut = own.filter((path) => ['/login', '/reset-password'].includes(path));
  await recordTitles(page);
  // The not-found screens are answered 404, so crawlers and link checkers see them as such.
  for (const path of [...open, ...signedOut]) await expectTitleKept(page, request, path, missing);
  // A signed-in customer's own pages (signed out, the account area asks to sign in instead).
  await signInCustomer(page, await registerCustomer(request, 'titles'));
  for (const path of own.filter((path) => !signedOut.includes(path))) await expectTitleKept(page, request, path);
});

test('every back-office screen keeps the title the server sent it', async ({ page, request }) => {
  await recordTitles(page);
  await signInAdmin(page);
  // Ids need not exist: the screen says so under its own title. The app sends the back office's
  // own path and screens it does not have to the first screen.
  const id = '00000000-0000-4000-8000-000000000000';
  const screens = Object.values(PAGE_CONTRACT.backOfficePages).flatMap((s) => s.paths.map((p) => p.replace('{slug}', id)));
  for (const path of [...screens, PAGE_CONTRACT.backOffice, `${PAGE_CONTRACT.backOffice}/no-such-screen`]) {
    await expectTitleKept(page, request, path);
  }
});
