import type { Category } from '@/lib/api-types';

/** Every category of a nested tree, depth first. */
export function flattenCategories(categories: Category[]): Category[] {
  const out: Category[] = [];
  const walk = (list: Category[]) => {
    for (const c of list) {
      out.push(c);
      if (c.subCategories?.length) walk(c.subCategories);
    }
  };
  walk(categories);
  return out;
}

function norm(s: string): string {
  return decodeURIComponentSafe(s).toLowerCase().replace(/[-_\s]+/g, ' ').trim();
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** 'All Product' (any case, hyphens or spaces) means all products. */
export function isAllProducts(slug: string): boolean {
  return norm(slug) === 'all product' || norm(slug) === 'all products';
}

/** Finds a category by its slug, its id or its name (hyphens read as spaces). */
export function findCategory(categories: Category[], slug: string): Category | null {
  const all = flattenCategories(categories);
  const wanted = norm(slug);
  return (
    all.find((c) => c.slug === slug || c.id === slug) ??
    all.find((c) => norm(c.slug ?? '') === wanted) ??
    all.find((c) => norm(c.name) === wanted) ??
    null
  );
}

export function categoryImage(c: Category): string | null {
  return c.imageUrl || c.uploads?.[0]?.url || null;
}

/**
 * The categories the home page's hero shows: those with a picture (a catalogue import makes many
 * without, which would be blank slides). The server's first screen follows the same rule: its
 * slide is the first top-level category with a picture.
 */
export function heroCategories(categories: Category[]): Category[] {
  return categories.filter((c) => categoryImage(c) !== null);
}

/** A category the filter panel offers: indented under its parent, with its count when known. */
export interface CategoryChoice {
  id: string;
  name: string;
  count?: number;
  depth: number;
}

/**
 * The filter panel's categories: the whole tree under the listing's category (every category on
 * the shop), so choosing one keeps the others in view. A count is the facets' number of
 * products for a category, a parent's being the sum of its subcategories'; `counts` holds what
 * the listing's last answer without a category filter said.
 */
export function categoryChoices(tree: Category[], counts: ReadonlyMap<string, number> | null): CategoryChoice[] {
  const out: CategoryChoice[] = [];
  const walk = (list: Category[], depth: number): number | undefined => {
    let sum: number | undefined;
    for (const c of list) {
      const at = out.length;
      out.push({ id: c.id, name: c.name, depth });
      const below = c.subCategories?.length ? walk(c.subCategories, depth + 1) : undefined;
      const own = counts?.get(c.id);
      const count = own !== undefined || below !== undefined ? (own ?? 0) + (below ?? 0) : counts ? 0 : undefined;
      out[at].count = count;
      if (count !== undefined) sum = (sum ?? 0) + count;
    }
    return sum;
  };
  walk(tree, 0);
  return out;
}
