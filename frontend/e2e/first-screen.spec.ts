import { expect, test, type Locator, type Page } from '@playwright/test';

// A product page's first screen comes in the server's HTML: a phone shows the picture, the name
// and the price before the app's JavaScript has arrived, and the app then draws them in the same
// places, so nothing moves when it takes over.
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
      // Every shift of the page that the shopper did not cause, as the browser reports it.
      await page.addInitScript(() => {
        const w = window as unknown as { shifts: number };
        w.shifts = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
            if (!e.hadRecentInput) w.shifts += e.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // Whether a loader ever took the first screen's place.
        new MutationObserver(() => {
          if (document.querySelector('[role="progressbar"]')) (window as unknown as { loader: boolean }).loader = true;
        }).observe(document, { childList: true, subtree: true });
      });
      const release = await holdScripts(page);
      await page.goto(`/product/${SLUG}`, { waitUntil: 'commit' });

      const first = page.locator('#shop-first-screen');
      const picture = first.locator('.pic img');
      const name = first.locator('.name');
      const price = first.locator('.price span');
      await expect(name).toHaveText(product.name);
      await expect(price).toHaveText(rupees(shown.originalPrice));
      await expect(name).toBeVisible();
      await loaded(picture);
      const before = { picture: await box(picture), name: await box(name), price: await box(price) };
      const src = await picture.evaluate((i: HTMLImageElement) => i.currentSrc);

      release();
      const title = page.getByRole('heading', { level: 1, name: product.name });
      await expect(title).toBeVisible();
      await expect(first).toHaveCount(0);
      const main = page.getByRole('main');
      const appPicture = main.getByRole('img', { name: new RegExp(`^${product.name}, picture 1 of `) });
      await loaded(appPicture);
      const after = {
        picture: await box(appPicture),
        name: await box(title),
        price: await box(main.getByText(rupees(shown.originalPrice), { exact: true }).first()),
      };
      for (const part of ['picture', 'name', 'price'] as const) {
        for (const side of ['x', 'y', 'width', 'height'] as const) {
          expect(Math.abs(after[part][side] - before[part][side]), `${part} ${side}`).toBeLessThanOrEqual(1);
        }
      }
      // The same picture, and not a single shift.
      expect(await appPicture.evaluate((i: HTMLImageElement) => i.currentSrc)).toBe(src);
      expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { loader?: boolean }).loader ?? false), 'a loader in between').toBe(false);
    });
  });
}
