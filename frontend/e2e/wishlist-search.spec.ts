import { expect, test } from '@playwright/test';
import { badgeButton, expectNotice, registerCustomer, signInCustomer } from './support';

test.describe('wishlist', () => {
  test('a guest who taps a heart is asked to sign in', async ({ page }) => {
    await page.goto('/category/women-dresses');
    await page.getByRole('button', { name: 'Add Floral Wrap Dress to wishlist' }).click();
    await expectNotice(page, 'Please login to wishlist');
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  });

  test('hearts toggle products in and out of the wishlist and the badge follows', async ({ page, request }) => {
    const customer = await registerCustomer(request, 'hearts');
    await signInCustomer(page, customer);
    await expect(badgeButton(page, 'Wishlist', 0)).toBeVisible();

    await page.goto('/category/women-dresses');
    const wrap = page.getByRole('article', { name: 'Floral Wrap Dress' });
    const maxi = page.getByRole('article', { name: 'Tiered Maxi Dress' });
    await wrap.getByRole('button', { name: 'Add Floral Wrap Dress to wishlist' }).click();
    await expectNotice(page, 'Added to wishlist');
    await expect(wrap.getByRole('button', { name: 'Remove Floral Wrap Dress from wishlist' })).toHaveAttribute('aria-pressed', 'true');
    await expect(badgeButton(page, 'Wishlist', 1)).toBeVisible();

    await maxi.getByRole('button', { name: 'Add Tiered Maxi Dress to wishlist' }).click();
    await expect(badgeButton(page, 'Wishlist', 2)).toBeVisible();

    // Tapping a filled heart removes the product again.
    await maxi.getByRole('button', { name: 'Remove Tiered Maxi Dress from wishlist' }).click();
    await expectNotice(page, 'Removed from wishlist');
    await expect(maxi.getByRole('button', { name: 'Add Tiered Maxi Dress to wishlist' })).toHaveAttribute('aria-pressed', 'false');
    await expect(badgeButton(page, 'Wishlist', 1)).toBeVisible();

    // The product page knows it too, and adds a second one.
    await page.goto('/product/shirt-dress-with-belt');
    console.log("click", Date.now());
    await page.getByRole('button', { name: 'Add to wishlist', exact: true }).click();
    await expectNotice(page, 'Added to wishlist');
    await expect(page.getByRole('button', { name: 'Remove from wishlist', exact: true })).toBeVisible();
    await expect(badgeButton(page, 'Wishlist', 2)).toBeVisible();

    // The wishlist page, kept by the server across a reload.
    await badgeButton(page, 'Wishlist', 2).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'My Wishlist' })).toBeVisible();
    await expect(page.getByText('2 items', { exact: true })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(page.getByRole('article', { name: 'Floral Wrap Dress' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Shirt Dress With Belt' })).toBeVisible();
    await expect(badgeButton(page, 'Wishlist', 2)).toBeVisible();

    // Removing from the wishlist page.
    await page.getByRole('button', { name: 'Remove Floral Wrap Dress from wishlist' }).click();
    await expectNotice(page, 'Removed from wishlist');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByText('1 item', { exact: true })).toBeVisible();
    await expect(badgeButton(page, 'Wishlist', 1)).toBeVisible();
    await page.getByRole('button', { name: 'Remove Shirt Dress With Belt from wishlist' }).click();
    await expect(page.getByText('Your wishlist is empty')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Explore Products' })).toBeVisible();
    await expect(badgeButton(page, 'Wishlist', 0)).toBeVisible();
  });

  test('a heart tapped while the page is still loading the wishlist stays filled', async ({ page, request }) => {
    const customer = await registerCustomer(request, 'early-heart');
    await signInCustomer(page, customer);
    // A slow network: the page's first wishlist request reads the list before the tap, and its
    // answer arrives only after the tap's own answer.
    let readBeforeTap!: () => void;
    const read = new Promise<void>((resolve) => (readBeforeTap = resolve));
    let tapAnswered!: () => void;
    const afterTap = new Promise<void>((resolve) => (tapAnswered = resolve));
    page.on('response', (r) => {
      if (r.request().method() === 'POST' && /\/api\/wishlist\//.test(r.url())) tapAnswered();
    });
    await page.route('**/api/wishlist', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const before = await route.fetch();
      readBeforeTap();
      await afterTap;
      // The page may have given up this request meanwhile: nothing is left to answer then.
      await route.fulfill({ response: before }).catch(() => undefined);
    });

    await page.goto('/product/shirt-dress-with-belt');
    await read;
    await page.getByRole('button', { name: 'Add to wishlist', exact: true }).click();
    await expectNotice(page, 'Added to wishlist');
    await expect(page.getByRole('button', { name: 'Remove from wishlist', exact: true })).toBeVisible();
    await expect(badgeButton(page, 'Wishlist', 1)).toBeVisible();
    await page.unroute('**/api/wishlist');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Remove from wishlist', exact: true })).toBeVisible();
    await expect(badgeButton(page, 'Wishlist', 1)).toBeVisible();
  });
});

test.describe('search overlay', () => {
  test('a guest is asked to sign in before searching', async ({ page }) => {
    await page.goto('/shop');
    await page.getByRole('button', { name: 'Search products' }).click();
    await expectNotice(page, 'Please login to search a product');
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Discover Products' })).toHaveCount(0);
  });

  test('a signed-in shopper searches, finds nothing for nonsense and opens a result', async ({ page, request }) => {
    const customer = await registerCustomer(request, 'seeker');
    await signInCustomer(page, customer);

    await page.getByRole('button', { name: 'Search products' }).click();
    const overlay = page.getByRole('dialog', { name: 'Discover Products' });
    await expect(overlay).toBeVisible();
    // An empty query lists the first 20 products.
    await expect(overlay.getByRole('article')).toHaveCount(20);

    const box = overlay.getByRole('searchbox', { name: 'Search products' });
    await box.fill('oxford');
    await expect(overlay.getByRole('article')).toHaveCount(1);
    await expect(overlay.getByRole('article', { name: 'Classic Oxford Shirt' })).toBeVisible();
    // Typing mistakes and the spellings shoppers use still find the product.
    await box.fill('oxfrod shrit');
    await expect(overlay.getByRole('article', { name: 'Classic Oxford Shirt' })).toBeVisible();
    await box.fill('lehnga');
    await expect(overlay.getByRole('article', { name: 'Lehenga Choli Set' })).toBeVisible();

    await box.fill('zzqx nothing like this');
    await expect(overlay.getByText('No products found')).toBeVisible();
    await expect(overlay.getByText('Try searching with different keywords')).toBeVisible();
    await expect(overlay.getByRole('article')).toHaveCount(0);

    await box.fill('saree');
    const result = overlay.getByRole('article', { name: 'Banarasi Silk Saree' });
    await expect(result).toBeVisible();
    await expect(overlay.getByRole('article', { name: 'Classic Oxford Shirt' })).toHaveCount(0);
    await result.getByRole('link', { name: 'Banarasi Silk Saree' }).click();
    await expect(overlay).toBeHidden();
    await expect(page).toHaveURL(/\/product\/banarasi-silk-saree$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Banarasi Silk Saree' })).toBeVisible();
  });
});
