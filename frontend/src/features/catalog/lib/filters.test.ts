import { describe, expect, it } from 'vitest';
import { buildQuery } from '@/lib/api';
import {
  EMPTY_FILTERS,
  activeFilterCount,
  countLabel,
  filtersToSearch,
  parseFilters,
  slugTitle,
  toApiParams,
  toggleValue,
  updateFilters,
} from './filters';
import { findCategory, flattenCategories, isAllProducts } from './categories';
import { category } from '@/testing/fixtures';

describe('listing filters in the URL', () => {
  it('reads every filter from the query string', () => {
    const f = parseFilters(
      new URLSearchParams('categoryId=c1&minPrice=100&maxPrice=900&colors=Red,Blue&sizes=S,M&inStock=true&sort=price_asc&page=3&q=shirt'),
    );
    expect(f).toEqual({
      categoryId: 'c1',
      minPrice: 100,
      maxPrice: 900,
      colors: ['Red', 'Blue'],
      sizes: ['S', 'M'],
      inStock: true,
      sort: 'price_asc',
      page: 3,
      q: 'shirt',
    });
  });

  it('falls back to defaults for missing or invalid values', () => {
    expect(parseFilters(new URLSearchParams(''))).toEqual(EMPTY_FILTERS);
    const f = parseFilters(new URLSearchParams('minPrice=abc&maxPrice=-5&sort=cheapest&page=0&colors=,,'));
    expect(f.minPrice).toBeNull();
    expect(f.maxPrice).toBeNull();
    expect(f.sort).toBe('newest');
    expect(f.page).toBe(1);
    expect(f.colors).toEqual([]);
  });

  it('reads every sort the shop offers, discount and best sellers included', () => {
    for (const sort of ['newest', 'price_asc', 'price_desc', 'discount', 'best_sellers']) {
      expect(parseFilters(new URLSearchParams(`sort=${sort}`)).sort).toBe(sort);
    }
  });

  it('swaps a reversed price range', () => {
    const f = parseFilters(new URLSearchParams('minPrice=900&maxPrice=100'));
    expect([f.minPrice, f.maxPrice]).toEqual([100, 900]);
  });

  it('writes back only what differs from the defaults and round-trips', () => {
    expect(filtersToSearch(EMPTY_FILTERS).toString()).toBe('');
    const f = { ...EMPTY_FILTERS, sizes: ['S', 'M'], colors: ['Red'], minPrice: 0, page: 2, sort: 'price_desc' as const };
    const text = filtersToSearch(f).toString();
    expect(text).toBe('minPrice=0&colors=Red&sizes=S%2CM&sort=price_desc&page=2');
    expect(parseFilters(new URLSearchParams(text))).toEqual(f);
  });
});

describe('API query for the listing', () => {
  it('builds GET /products parameters with comma lists and no empty values', () => {
    const f = { ...EMPTY_FILTERS, colors: ['Red', 'Blue'], sizes: ['M'], inStock: true, minPrice: 100 };
    expect(buildQuery(toApiParams(f, null, 24))).toBe(
      '?page=1&limit=24&minPrice=100&colors=Red%2CBlue&sizes=M&inStock=true&sort=newest',
    );
  });

  it('uses the route category unless the filters narrow it to another one', () => {
    expect(toApiParams(EMPTY_FILTERS, 'c-men').categoryId).toBe('c-men');
    expect(toApiParams({ ...EMPTY_FILTERS, categoryId: 'c-shirts' }, 'c-men').categoryId).toBe('c-shirts');
    expect(toApiParams(EMPTY_FILTERS, null).categoryId).toBeUndefined();
  });

  it('a filter change goes back to page 1, a page change keeps the filters', () => {
    const f = { ...EMPTY_FILTERS, page: 4, sizes: ['S'] };
    expect(updateFilters(f, { sizes: ['S', 'M'] }).page).toBe(1);
    expect(updateFilters(f, { page: 5 })).toEqual({ ...f, page: 5 });
  });

  it('toggles values and counts active filters', () => {
    expect(toggleValue(['S'], 'M')).toEqual(['S', 'M']);
    expect(toggleValue(['S', 'M'], 'S')).toEqual(['M']);
    expect(activeFilterCount({ ...EMPTY_FILTERS, sizes: ['S', 'M'], minPrice: 5, inStock: true })).toBe(4);
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
  });

  it('labels the count and category titles', () => {
    expect(countLabel(3)).toBe('3 product(s) found');
    expect(slugTitle('men-summer-shirts')).toBe('men summer shirts');
  });
});

describe('category routes', () => {
  const tree = [
    category({
      subCategories: [category({ id: 'c-shirts', name: 'Summer Shirts', slug: 'summer-shirts', parentId: 'c-men' })],
    }),
    category({ id: 'c-women', name: 'Women', slug: 'women' }),
  ];

  it("'All Product' means every product", () => {
    expect(isAllProducts('All Product')).toBe(true);
    expect(isAllProducts('All%20Product')).toBe(true);
    expect(isAllProducts('all-product')).toBe(true);
    expect(isAllProducts('men')).toBe(false);
  });

  it('finds nested categories by slug, name or hyphenated name', () => {
    expect(flattenCategories(tree).map((c) => c.id)).toEqual(['c-men', 'c-shirts', 'c-women']);
    expect(findCategory(tree, 'summer-shirts')?.id).toBe('c-shirts');
    expect(findCategory(tree, 'Summer Shirts')?.id).toBe('c-shirts');
    expect(findCategory(tree, 'Women')?.id).toBe('c-women');
    expect(findCategory(tree, 'kids')).toBeNull();
  });
});
