import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoShiftNorLoader, slowCpu, watchShifts } from './support';

// The first screen of the home, shop and product pages comes in the server's HTML: a phone shows
// the page's largest picture (and on a product page its name and price) before the app's
// JavaScript has arrived, and the app then draws them in the same places, so nothing moves when it
// takes over.
const SCREENS = [
  // A phone's own pixel ratio: at 1, Chromium's preload scanner (which reads the viewport before
  // the page's meta viewport applies) and the page would pick different sizes of the picture.
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
] as const;

const SLUG = 'classic-oxford-shirt';

/** `₹1,499.00`: how the shop writes rupees. */
const rupees = (amount: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(amount);

/** Holds back the app's scripts until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'on screen').not.toBeNull();
  return b!;
}

/**
 * Opens `path` with the shifts watched and the app's scripts held back; the returned function lets
 * them run, on a phone's slower CPU (`slowCpu`): what the browser paints early must not move either.
 */
async function openWithAppHeld(page: Page, path: string): Promise<() => void> {
  await slowCpu(page);
  await watchShifts(page);
  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: 'commit' });
  return release;
}

/** The picture file the browser chose from the image's sources. */
function shownSrc(img: Locator): Promise<string> {
  return img.evaluate((i: HTMLImageElement) => i.currentSrc);
}

type Box = { x: number; y: number; width: number; height: number };

/** The sides of `now` more than a pixel away from `before`'s, with both figures. */
function moved(before: Box, now: Box | null): string[] {
  if (!now) return ['not on screen'];
  return (['x', 'y', 'width', 'height'] as const)
    .filter((side) => Math.abs(now[side] - before[side]) > 1)
    .map((side) => `${side} ${now[side].toFixed(1)}, was ${before[side].toFixed(1)}`);
}

/**
 * The app draws `after` where the first screen drew it (within a pixel each side). Polled: a slow
 * machine may measure while the app's first frame is still being laid out; a box that moves once
 * drawn is a layout shift, which `expectNoShiftNorLoader` then counts and names.
 */
async function expectSameBox(before: Box, after: Locator, what: string) {
  await expect.poll(async () => moved(before, await after.boundingBox()), { message: `${what} where the first screen drew it` }).toEqual([]);
}

async function loaded(img: Locator) {
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
}

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, isMobile: screen.isMobile, hasTouch: screen.hasTouch, deviceScaleFactor: screen.deviceScaleFactor });

    test('a product page shows its picture, name and price before the app runs, and the app draws them in the same places', async ({
      page,
      request,
    }) => {
      const product = (await (await request.get(`/api/products/${SLUG}`)).json()).data;
      const shown = product.variants.find((v: { stock: number }) => v.stock > 0) ?? product.variants[0];
      const release = await openWithAppHeld(page, `/product/${SLUG}`);

      const first = page.locator('#shop-first-screen');
      const picture = first.locator('.pic img');
      const name = first.locator('.name');
      const price = first.locator('.price span');
      await expect(name).toHaveText(product.name);
      await expect(price).toHaveText(rupees(shown.originalPrice));
      await expect(name).toBeVisible();
      await loaded(picture);
      const before = { picture: await box(picture), name: await box(name), price: await box(price) };
      const src = await shownSrc(picture);

      release();
      const title = page.getByRole('heading', { level: 1, name: product.name });
      await expect(title).toBeVisible();
      await expect(first).toHaveCount(0);
      const main = page.getByRole('main');
      const appPicture = main.getByRole('img', { name: new RegExp(`^${product.name}, picture 1 of `) });
      await loaded(appPicture);
      await expectSameBox(before.picture, appPicture, 'picture');
      await expectSameBox(before.name, title, 'name');
      await expectSameBox(before.price, main.getByText(rupees(shown.originalPrice), { exact: true }).first(), 'price');
      // The same picture, and not a single shift.
      expect(await shownSrc(appPicture)).toBe(src);
      await expectNoShiftNorLoader(page);
    });

    test('the home page shows its hero picture before the app runs, and the app draws it in the same place', async ({ page, request }) => {
      const first = (await (await request.get('/api/categories')).json()).data[0];
      const release = await openWithAppHeld(page, '/');

      const screenHero = page.locator('#shop-first-screen .hero');
      await expect(screenHero.locator('.title')).toHaveText(first.name);
      // Measured as the shopper sees it: once the browser has read the whole first screen and shows it.
      await expect(screenHero).toBeVisible();
      const picture = screenHero.locator('img');
      await loaded(picture);
      const before = await box(picture);
      const src = await shownSrc(picture);

      release();
      await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
      await expect(page.locator('#shop-first-screen')).toHaveCount(0);
      const appPicture = page.getByRole('region', { name: 'Featured categories' }).locator('img').first();
      await loaded(appPicture);
      await expectSameBox(before, appPicture, 'hero picture');
      expect(await shownSrc(appPicture)).toBe(src);
      await expectNoShiftNorLoader(page);
    });

    test('the shop shows its first cards before the app runs, and the app draws them in the same places', async ({ page, request }) => {
      const listing = await (await request.get('/api/products?page=1&limit=24&sort=newest')).json();
      const first = listing.data[0];
      const release = await openWithAppHeld(page, '/shop');

      const card = page.locator('#shop-first-screen .pc').first();
      await expect(card.locator('.pc-title')).toHaveText(first.name);
      await expect(card).toBeVisible();
      const picture = card.locator('img');
      await loaded(picture);
      const before = { picture: await box(picture), name: await box(card.locator('.pc-title')) };
      const src = await shownSrc(picture);

      release();
      const appCard = page.getByRole('article', { name: first.name });
      await expect(appCard).toBeVisible();
      await expect(page.locator('#shop-first-screen')).toHaveCount(0);
      // The card's picture is hidden from assistive technology (its link repeats the name's).
      const appPicture = appCard.locator('img');
      await loaded(appPicture);
      await expectSameBox(before.picture, appPicture, 'first card picture');
      await expectSameBox(before.name, appCard.getByRole('link', { name: first.name }), 'first card name');
      expect(await shownSrc(appPicture)).toBe(src);
      // The other cards render after the first screen's, a row or two at a time: once they all
      // have, with the page numbers under them, nothing has moved (the numbers came last).
      await expect(page.getByRole('article')).toHaveCount(listing.data.length);
      if (listing.pagination.totalPages > 1) await expect(page.getByRole('navigation', { name: /pagination/i })).toBeVisible();
      await expectNoShiftNorLoader(page);
    });
  });
}
