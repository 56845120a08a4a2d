import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { matchRoutes } from 'react-router';
import { server } from '@/testing/server';
import { renderRoutes } from '@/testing/render';
import { category, product } from '@/testing/fixtures';
import { clearFirstPaintAfterEach, inlineFirstPaint, recordUrls } from '@/testing/first-paint';
import { apiPath, type QueryValue } from '@/lib/api';
import PAGE_CONTRACT from '@/lib/page-contract.json';
import { PICTURE_SIZES, takeFirstPaint, withSlug } from '@/lib/first-paint';
import { EMPTY_FILTERS, toApiParams } from '@/features/catalog/lib/filters';
import { routes } from './router';

// The page contract (lib/page-contract.json) is what the server reads to put each page's first
// answers and picture preload into its HTML. These tests hold the web app to it: the router shows
// the contract's module for each page path, and each page sends exactly the contract's requests
// and shows the contract's picture with its `sizes`.

type Request = { path: string; params?: Record<string, QueryValue> };
const requests = PAGE_CONTRACT.requests as Record<string, Request>;
const pages = Object.entries(PAGE_CONTRACT.pages) as [
  string,
  { paths: string[]; module: string; requests: string[]; picture?: keyof typeof PICTURE_SIZES },
][];
const SLUG = 'linen-shirt';

/** The URL the server inlines an answer under, for a page with slug `SLUG`. */
function contractUrl(name: string): string {
  const request = requests[name];
  return apiPath(withSlug(request.path, SLUG), request.params);
}

const routeModules = import.meta.glob('/src/app/routes/*.tsx');

clearFirstPaintAfterEach();

describe('the page contract', () => {
  it('names, for each page path, the route module the router loads', async () => {
    for (const [name, page] of pages) {
      const load = routeModules[`/${page.module}`];
      expect(load, `${name}: ${page.module} exists`).toBeTypeOf('function');
      for (const path of page.paths) {
        const matched = matchRoutes(routes, withSlug(path, SLUG)) ?? [];
        const lazy = matched[matched.length - 1]?.route.lazy;
        expect(lazy, `${name}: ${path} is a lazy route`).toBeTypeOf('function');
        expect(await (lazy as () => Promise<unknown>)(), `${name}: ${path}`).toBe(await load());
      }
    }
    expect(matchRoutes(routes, PAGE_CONTRACT.backOffice)?.[0]?.route.path).toBe('/admin');
  });

  it('names screens of the back office the router has, the first the one it sends other paths to', () => {
    for (const [name, screen] of Object.entries(PAGE_CONTRACT.backOfficePages)) {
      for (const path of screen.paths) {
        const matched = matchRoutes(routes, withSlug(path, 'some-id')) ?? [];
        const route = matched[matched.length - 1]?.route;
        expect(route?.path, `${name}: ${path} is a screen, not the catch-all`).not.toBe('*');
        expect(route?.lazy, `${name}: ${path}`).toBeTypeOf('function');
      }
    }
    const [first] = Object.values(PAGE_CONTRACT.backOfficePages);
    const other = matchRoutes(routes, `${PAGE_CONTRACT.backOffice}/no-such-screen`) ?? [];
    const redirect = other[other.length - 1]?.route.element as { props?: { to?: string } } | undefined;
    expect(redirect?.props?.to).toBe(first.paths[0]);
  });

  it('the shop page without filters asks for the listing the contract names', () => {
    const listing = requests.listing;
    expect(apiPath(listing.path, toApiParams(EMPTY_FILTERS))).toBe(contractUrl('listing'));
  });

  it.each(pages.filter(([, page]) => page.requests.length > 0))(
    'the %s page renders from its inlined answers, asks the API for none of them and shows the contract picture',
    async (name, page) => {
      const image = { id: 'i-1', uploadId: 'u-1', url: '/uploads/shirt.jpg', thumbUrl: '/uploads/shirt-400.jpg', srcset: '/uploads/shirt-400.jpg 400w, /uploads/shirt.jpg 1200w' };
      const item = product({ name: 'Inlined Linen Shirt', slug: SLUG, images: [image] });
      const listing = (limit: number) => ({
        data: [item],
        pagination: { totalItems: 1, currentPage: 1, limit, totalPages: 1 },
        facets: { price: { min: 200, max: 200 }, colors: [], sizes: [], categories: [] },
      });
      // The owner's legal texts read as the product's name, so every page shows the same words.
      const legal = (slug: string) => ({ id: slug, title: slug, slug, content: item.name, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z' });
      const answers: Record<string, unknown> = {};
      for (const request of [...PAGE_CONTRACT.everyPage, ...page.requests]) {
        const { path, params } = requests[request];
        answers[contractUrl(request)] =
          path === '/company-details'
            ? { data: { name: 'Inline Shop', email: 'a@b.in', phone: '9876543210', address: 'x', pincode: '560001', logoUrl: null } }
            : path === '/categories'
              ? { data: [category({ name: 'Sarees', slug: SLUG, imageUrl: '/uploads/s.jpg', imageSrcset: '/uploads/s-400.jpg 400w, /uploads/s.jpg 1200w' })] }
              : path === '/products'
                ? listing(Number(params?.limit))
                : path === '/legal-pages'
                  ? { data: [legal('privacy-policy'), legal('terms-conditions')] }
                  : { data: item };
      }
      inlineFirstPaint(answers);
      const sent = recordUrls();
      // Anything else the page asks for later (related products) is answered empty.
      server.use(http.get('/api/products', () => HttpResponse.json(listing(9))));

      await renderRoutes(routes, withSlug(page.paths[0], SLUG));
      await screen.findAllByText('Inlined Linen Shirt', undefined, { timeout: 15000 });
      // The page took every answer the server would inline, and asked the network for none.
      for (const url of Object.keys(answers)) expect(takeFirstPaint(url), `${name}: ${url} unused`).toBeUndefined();
      expect(sent.filter((url) => url in answers)).toEqual([]);

      // The picture the server preloads (its href, srcset and sizes) is the one the page shows.
      if (page.picture) {
        const [src, srcset] =
          page.picture === 'hero'
            ? ['/uploads/s.jpg', '/uploads/s-400.jpg 400w, /uploads/s.jpg 1200w']
            : [page.picture === 'card' ? image.thumbUrl : image.url, image.srcset];
        const img = [...document.querySelectorAll('img')].find((i) => i.getAttribute('src') === src);
        expect(img, `${name}: an <img> of ${src}`).toBeDefined();
        expect(img?.getAttribute('srcset')).toBe(srcset);
        expect(img?.getAttribute('sizes')).toBe(PICTURE_SIZES[page.picture]);
      }
    },
  );
});
