import { expect, test } from '@playwright/test';
import { expectNoHorizontalScroll } from './support';

// A 360 px phone: every page fits the width; the navigation and the filters move into drawers.
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('home page at 360 px', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Shop by Category' }).getByRole('link', { name: 'Men', exact: true })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  // Desktop navigation is replaced by the menu button.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.getByText('Our Story').scrollIntoViewIfNeeded();
  await page.getByText('Our Blog').scrollIntoViewIfNeeded();
  await expectNoHorizontalScroll(page);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main' }).filter({ visible: true });
  await menu.getByRole('button', { name: 'Shop' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(menu).toHaveCount(0);
});

test('shop page at 360 px, with the filter drawer', async ({ page }) => {
  await page.goto('/shop');
  await expect(page.locator('main#main').getByText(/^\d+ product\(s\) found$/)).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNoHorizontalScroll(page);

  const filters = page.getByRole('button', { name: /^Filters/ });
  await expect(filters).toBeVisible();
  await filters.click();
  const drawer = page.locator('.MuiDrawer-paper');
  await expect(drawer.getByRole('form', { name: 'Filters' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: /^Show \d+ product\(s\) found$/ })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await drawer.getByRole('button', { name: 'Close filters' }).click();
  await expect(drawer).toBeHidden();

  await page.getByRole('button', { name: 'Go to page 2' }).scrollIntoViewIfNeeded();
  await expectNoHorizontalScroll(page);
});

test('product page at 360 px', async ({ page }) => {
  await page.goto('/product/kanjeevaram-silk-saree');
  await expect(page.getByRole('heading', { level: 1, name: 'Kanjeevaram Silk Saree' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Add to Cart - / })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.getByRole('heading', { name: 'Description' }).scrollIntoViewIfNeeded();
  await expectNoHorizontalScroll(page);
});
