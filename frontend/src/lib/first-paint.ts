/**
 * API answers the server put into the page for its first render (`crates/web/src/first_paint.rs`):
 * a JSON data block `{ "<GET URL>": <answer>, ... }` keyed by the exact URL `apiPath` builds.
 * Each answer is handed out once: the first request for its URL gets it instead of going to the
 * network; any later request (a refetch, a page visited again) asks the server.
 *
 * Which page asks for what first, and which picture it shows first with which `sizes`, is the
 * page contract (`page-contract.json`), which the server includes as it is: the code that sends
 * those requests and shows those pictures reads them from here, so the two cannot drift.
 */
// Named imports: the bundle keeps only the parts of the file its code reads (here the requests and
// pictures; lib/title.ts reads the pages for their titles).
import { dataElementId, pictures, requests } from './page-contract.json';

export const FIRST_PAINT_ELEMENT_ID = dataElementId;
/** The GET requests the storefront pages send first: `path` under `/api`, `params` in order. */
export const FIRST_REQUESTS = requests;
/** `sizes` of the pictures a page may show first; the server preloads them with the same. */
export const PICTURE_SIZES = {
  hero: pictures.hero.sizes,
  card: pictures.card.sizes,
  product: pictures.product.sizes,
} as const;

/** A contract path with the page's slug put in, as the server puts it (`/products/{slug}`). */
export function withSlug(path: string, slug: string): string {
  return path.replace('{slug}', encodeURIComponent(slug));
}

let answers: Map<string, unknown> | null = null;

function load(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  if (typeof document === 'undefined') return answers;
  const element = document.getElementById(FIRST_PAINT_ELEMENT_ID);
  if (!element) return answers;
  try {
    const parsed: unknown = JSON.parse(element.textContent ?? '');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const [url, body] of Object.entries(parsed)) answers.set(url, body);
    }
  } catch {
    // A broken block only costs the network requests it would have saved.
  }
  element.remove();
  return answers;
}

/** The server's answer for a GET of `url` (path and query, e.g. `/api/categories`), once. */
export function takeFirstPaint(url: string): unknown {
  const map = load();
  if (!map.has(url)) return undefined;
  const body = map.get(url);
  map.delete(url);
  return body;
}

/**
 * Forgets the answers nobody has taken: they describe the page as it was loaded, so once the
 * shopper moves to another page they could only be out of date.
 */
export function dropFirstPaint(): void {
  load().clear();
}

/** Forgets what was read, so the next call reads the page again (tests). */
export function resetFirstPaint(): void {
  answers = null;
}
