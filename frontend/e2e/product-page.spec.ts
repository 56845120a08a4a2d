import { expect, test } from '@playwright/test';

test('a deep link or a reload of a product page loads the product from the API', async ({ page }) => {
  await page.goto('/product/classic-oxford-shirt');
  const title = page.getByRole('heading', { level: 1, name: 'Classic Oxford Shirt' });
  await expect(title).toBeVisible();
  await expect(page).toHaveTitle(/^Classic Oxford Shirt \| /);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(crumbs.getByRole('link', { name: 'Shirts' })).toBeVisible();
  await expect(page.getByText('In Stock', { exact: true })).toBeVisible();
  // Two colours of S–XL, each size once; Mustard (the first in stock) has S and M sold out.
  const colours = page.getByRole('group', { name: /^Colour:/ });
  await expect(colours.getByRole('button', { name: 'Colour Mustard' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('2 sizes available')).toBeVisible();
  const sizes = page.getByRole('group', { name: 'Select Size' });
  await expect(sizes.getByRole('button')).toHaveText(['S', 'M', 'L', 'XL']);
  await expect(sizes.getByRole('button', { name: 'Size S (out of stock)' })).toBeDisabled();
  await expect(sizes.getByRole('button', { name: 'Size M (out of stock)' })).toBeDisabled();
  await expect(sizes.getByRole('button', { name: 'Size L' })).toHaveAttribute('aria-pressed', 'true');
  // Black has every size.
  await colours.getByRole('button', { name: 'Colour Black' }).click();
  await expect(page.getByText('4 sizes available')).toBeVisible();
  await expect(sizes.getByRole('button', { name: 'Size S' })).toBeEnabled();
  await expect(sizes.getByRole('button', { name: 'Size L' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Add to Cart - ₹1,499.00' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Description' })).toBeVisible();

  await page.reload();
  await expect(title).toBeVisible();
  await expect(page.getByText('2 sizes available')).toBeVisible();

  // The breadcrumb leads to the category's listing.
  await crumbs.getByRole('link', { name: 'Shirts' }).click();
  await expect(page).toHaveURL(/\/shop\?categoryId=/);
  await expect(page.getByRole('article', { name: 'Classic Oxford Shirt' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Floral Wrap Dress' })).toHaveCount(0);
});

test('a product that does not exist shows Product not found with a way home', async ({ page }) => {
  await page.goto('/product/no-such-product-anywhere');
  await expect(page.getByText('Product not found', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
});

test('the product page tells whether a PIN code gets delivery and cash on delivery', async ({ page }) => {
  await page.goto('/product/classic-oxford-shirt');
  const check = page.getByRole('form', { name: 'Check delivery' });
  await check.getByLabel('Delivery PIN code').fill('560001');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(check.getByRole('status')).toHaveText(/^Delivery available, cash on delivery available/);
  await check.getByLabel('Delivery PIN code').fill('900001');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(check.getByRole('status')).toHaveText('Sorry, we do not deliver to PIN code 900001 yet');
});
