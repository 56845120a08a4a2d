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
