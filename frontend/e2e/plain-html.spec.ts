import { expect, test } from '@playwright/test';

// Browsers and crawlers that run no JavaScript get each storefront page in plain HTML from the
// server; where the app runs, it replaces that markup and the shopper never sees it.
const SCREENS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

const SLUG = 'classic-oxford-shirt';

/** `₹1,499.00`: how the shop writes rupees (en-IN grouping, two decimals). */
const rupees = (amount: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(amount);

interface Variant {
  stock: number;
  originalPrice: number;
}

for (const screen of SCREENS) {
  test.describe(`without JavaScript on a ${screen.name}`, () => {
    test.use({ javaScriptEnabled: false, viewport: screen.viewport, isMobile: screen.isMobile, hasTouch: screen.hasTouch });

    test('a product page shows its name, price in rupees, stock and description', async ({ page, request }) => {
      const product = (await (await request.get(`/api/products/${SLUG}`)).json()).data;
      const variants: Variant[] = product.variants;
      const low = Math.min(...variants.map((v) => v.originalPrice));
      await page.goto(`/product/${SLUG}`);
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await expect(page.locator('#shop-plain .price')).toContainText(rupees(low));
      await expect(page.getByText('Inclusive of all taxes (GST).')).toBeVisible();
      const inStock = variants.some((v) => v.stock > 0);
      await expect(page.locator('#shop-plain .stock')).toHaveText(inStock ? 'In stock' : 'Out of stock');
      const firstLine = String(product.description).split('\n')[0].trim();
      await expect(page.getByRole('main').getByText(firstLine)).toBeVisible();
      // The breadcrumb leads back to the product's category.
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: product.category.name })).toBeVisible();
    });

    test('the shop lists its products as links that lead to them', async ({ page, request }) => {
      const listing = (await (await request.get('/api/products?page=1&limit=24&sort=newest')).json()).data;
      await page.goto('/shop');
      const main = page.getByRole('main');
      for (const product of listing.slice(0, 3)) {
        await expect(main.getByRole('link', { name: product.name, exact: true })).toHaveAttribute('href', `/product/${product.slug}`);
      }
      await expect(main.locator('ul.cards > li')).toHaveCount(listing.length);
      await main.getByRole('link', { name: listing[0].name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/product/${listing[0].slug}$`));
      await expect(page.getByRole('heading', { level: 1, name: listing[0].name })).toBeVisible();
    });
  });
}

test('where the app runs, it replaces the plain page', async ({ page }) => {
  await page.goto(`/product/${SLUG}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Classic Oxford Shirt' })).toBeVisible();
  await expect(page.locator('#shop-plain')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
});
