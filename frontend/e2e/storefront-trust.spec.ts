import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoHorizontalScroll } from './support';

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

/** A card's options are two lines: one of colour swatches, one of size chips. */
async function expectCardOptionsTwoLines(card: Locator) {
  for (const name of ['Colours', 'Sizes']) {
    const group = card.getByRole('group', { name, exact: true });
    if ((await group.count()) === 0) continue;
    const box = await group.boundingBox();
    expect(box, `${name} group`).not.toBeNull();
    expect(box!.height, `${name} of one line`).toBeLessThanOrEqual(28);
  }
  const media = await card.locator('.pc-media').boundingBox();
  const title = await card.locator('.pc-title').boundingBox();
  const price = await card.locator('.pc-price').boundingBox();
  const add = await card.getByRole('button', { name: /^Add .* to cart$/ }).boundingBox();
  const whole = await card.boundingBox();
  // Picture, name, price, two lines of options and the button: nothing else makes it taller.
  const expected = media!.height + title!.height + price!.height + 2 * 28 + add!.height + 12 * 2 + 8 * 6 + 24;
  expect(whole!.height).toBeLessThanOrEqual(expected);
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
      const colours = page.getByRole('group', { name: /^Colour/ }).getByRole('button');
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
      await expect(page).toHaveURL(/\/category\/sarees$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Sarees' })).toBeVisible();
      await expect(page.getByRole('article', { name: 'Banarasi Silk Saree' })).toBeVisible();
      await expectNoHorizontalScroll(page);

      // The shop's filters: after choosing Shirts, the other categories are still offered.
      await page.goto('/shop');
      await expect(page.getByText(/^\d+ product\(s\) found$/)).toBeVisible();
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
      await expect(page.getByText('6 product(s) found')).toBeVisible();
      filters = await panel();
      await expect(filters.getByRole('button', { name: /^Shirts \(6\)$/ })).toHaveAttribute('aria-pressed', 'true');
      await expect(filters.getByRole('button', { name: /^Jeans \(5\)$/ })).toBeVisible();
      await expect(filters.getByRole('button', { name: /^Women \(\d+\)$/ })).toBeVisible();
      await filters.getByRole('button', { name: /^Jeans / }).click();
      await expect(page.getByText('5 product(s) found')).toBeVisible();
    });

    test('legal pages are Markdown with a contents list built from their headings', async ({ page }) => {
      await page.goto('/privacy-policy');
      const contents = page.getByRole('navigation', { name: 'Contents' });
      await expect(contents.getByRole('button')).toHaveText([
        'Interpretation and Definitions',
        'Collecting Your Personal Data',
        'Tracking Technologies and Cookies',
        'Usage of Your Personal Data',
        'Retention of Your Personal Data',
        'Security of Your Personal Data',
        "Children's Privacy",
        'Contact Us',
      ]);
      // The demo's Markdown: a list and bold text, not literal asterisks.
      await expect(page.locator('#usage strong')).toHaveText('We never sell your data.');
      await expect(page.locator('#collecting li')).toHaveCount(2);
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
  });
}
