import { constants, deflateSync, inflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

import { E2E_ADMIN } from './env';

export { E2E_ADMIN };

let counter = 0;
/** A name no other test (or earlier run) uses: letters and digits only. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e4)}`;
}

export interface Customer {
  username: string;
  email: string;
  password: string;
}

export function newCustomer(prefix = 'shopper'): Customer {
  const username = uniqueName(prefix);
  return { username, email: `${username}@example.com`, password: 'Secret-pass-1' };
}

/** Registers a customer through the API (for tests whose subject is not registration). */
export async function registerCustomer(request: APIRequestContext, prefix = 'shopper'): Promise<Customer> {
  const c = newCustomer(prefix);
  const res = await request.post('/api/auth/register', {
    data: {
      username: c.username,
      email: c.email,
      password: c.password,
      firstName: c.username,
      lastName: c.username,
      mobile: null,
      dob: null,
      userType: 'CUSTOMER',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return c;
}

/**
 * A notification of the app (the stack of alerts in the status region). Found through the DOM, not
 * the accessibility tree: while a dialog is open MUI hides everything else from it.
 */
export function notice(page: Page, text: string | RegExp) {
  return page.locator('[role="status"] [role="alert"]').filter({ hasText: text });
}

export async function expectNotice(page: Page, text: string) {
  await expect(notice(page, text).getByText(text, { exact: true }).last()).toBeVisible();
}

/** Signs in through the Sign In dialog opened from the account icon. */
export async function signIn(page: Page, identifier: string, password: string) {
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email or username').fill(identifier);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Opens the storefront and signs in; a customer lands on the account dashboard. */
export async function signInCustomer(page: Page, c: Customer) {
  await page.goto('/about');
  await signIn(page, c.email, c.password);
  await expect(page).toHaveURL(/\/myaccount\/dashboard$/);
  await expect(page.getByRole('button', { name: 'My account' })).toHaveText(c.username.charAt(0).toUpperCase());
}

/** Opens the storefront and signs in as the E2E admin, who lands on the admin dashboard. */
export async function signInAdmin(page: Page) {
  await page.goto('/about');
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** The badge of the wishlist or cart icon (its accessible name carries the count). */
export function badgeButton(page: Page, which: 'Wishlist' | 'Cart', count: number) {
  return page.getByRole('button', { name: `${which}, ${count} items`, exact: true });
}

/** No horizontal scrolling: the document is not wider than the viewport. */
export async function expectNoHorizontalScroll(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  const measured = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
  expect(measured.scroll, 'document.documentElement.scrollWidth').toBeLessThanOrEqual(width);
  expect(measured.body, 'document.body.scrollWidth').toBeLessThanOrEqual(width);
}

// ---- A small PNG drawn in memory (no binary fixture in the repository) ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A width×height RGB PNG: a two-colour diagonal split, so every picture differs. */
export function pngImage(name: string, rgb: [number, number, number], size = 48) {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const [r, g, b] = x > y ? rgb : [255 - rgb[0], 255 - rgb[1], 255 - rgb[2]];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}

/** Fills an address form: the recipient, a mobile, the lines, the city, a state chosen from
 * the list and the PIN code. */
export async function fillAddress(
  page: Page,
  form: Locator,
  a: { line1: string; city: string; state: string; pin: string; name?: string; phone?: string },
) {
  await form.getByLabel('Full name').fill(a.name ?? 'Asha Rao');
  await form.getByLabel('Mobile number').fill(a.phone ?? '98765 43210');
  await form.getByLabel('Address line 1').fill(a.line1);
  await form.getByLabel('City').fill(a.city);
  await chooseState(page, form, a.state);
  await form.getByLabel('PIN code').fill(a.pin);
}

/** Picks a state or union territory in an address form's State list. */
export async function chooseState(page: Page, form: Locator, state: string) {
  await form.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: state, exact: true }).click();
}

// ---- The text of a PDF the shop wrote (its content streams, decoded through the fonts' ToUnicode maps) ----

/** The streams of a PDF, inflated where they are compressed. */
function pdfStreams(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  const start = /stream\r?\n/g;
  for (let m = start.exec(raw); m; m = start.exec(raw)) {
    const from = m.index + m[0].length;
    const to = raw.indexOf('endstream', from);
    if (to < 0) break;
    const bytes = pdf.subarray(from, to);
    try {
      streams.push(inflateSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }).toString('latin1'));
    } catch {
      streams.push(bytes.toString('latin1'));
    }
    start.lastIndex = to;
  }
  return streams;
}

/**
 * The text shown by a PDF, good enough to find a number in it: the shop embeds its font, so
 * text is drawn as glyph codes (`<0012…> Tj`) that the font's ToUnicode map turns into letters.
 */
export function pdfText(pdf: Buffer): string {
  const streams = pdfStreams(pdf);
  const glyphs = new Map<number, string>();
  const hexText = (hex: string) => String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((u) => parseInt(u, 16)));
  for (const cmap of streams.filter((s) => s.includes('begincmap'))) {
    for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const [, code, text] of block.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) glyphs.set(parseInt(code, 16), hexText(text));
    }
    for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const [, lo, hi, text] of block.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
        const first = parseInt(text, 16);
        for (let c = parseInt(lo, 16); c <= parseInt(hi, 16); c++) glyphs.set(c, String.fromCodePoint(first + c - parseInt(lo, 16)));
      }
    }
  }
  const decode = (hex: string) => (hex.match(/.{4}/g) ?? []).map((c) => glyphs.get(parseInt(c, 16)) ?? '').join('');
  const shown: string[] = [];
  for (const content of streams.filter((s) => !s.includes('begincmap'))) {
    for (const [, array, single] of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9A-Fa-f]+)>\s*Tj/g)) {
      const parts = array ? [...array.matchAll(/<([0-9A-Fa-f]+)>/g)].map(([, h]) => h) : [single];
      shown.push(parts.map(decode).join(''));
    }
  }
  return shown.join('\n');
}

/** Runs `page` on a CPU four times slower, as Lighthouse's phone does: the browser then paints
 * while it is still reading the HTML and while answers still come, as a real phone does. */
export async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Counts every shift of the page the shopper did not cause (and names what moved), and notes a loader shown in between. */
export async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const w = window as unknown as { shifts: number; moved: string[] };
    w.shifts = 0;
    w.moved = [];
    const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
    const named = (n?: Node | null) =>
      n instanceof Element ? `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}.${[...n.classList].join('.')} "${(n.textContent ?? '').slice(0, 30)}"` : String(n?.nodeName);
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: Source[] }[]) {
        if (e.hadRecentInput) continue;
        w.shifts += e.value;
        // What moved, for the failure message: a shift on a slow machine is hard to see again.
        for (const s of e.sources) w.moved.push(`${e.value.toFixed(4)} ${named(s.node)}: ${rect(s.previousRect)} -> ${rect(s.currentRect)}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver(() => {
      if (document.querySelector('[role="progressbar"]')) (window as unknown as { loader: boolean }).loader = true;
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Nothing moved on its own since the page was opened with [`watchShifts`]. */
export async function expectNoShift(page: Page) {
  const { shifts, moved } = await page.evaluate(() => {
    const w = window as unknown as { shifts: number; moved: string[] };
    return { shifts: w.shifts, moved: w.moved };
  });
  expect(shifts, `what moved: ${moved.join('; ')}`).toBe(0);
}

/** No shift, and no loader shown in between (a first screen goes straight to the page). */
export async function expectNoShiftNorLoader(page: Page) {
  await expectNoShift(page);
  expect(await page.evaluate(() => (window as unknown as { loader?: boolean }).loader ?? false), 'a loader in between').toBe(false);
}
