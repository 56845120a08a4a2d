import type { Category } from '@/lib/api-types';

/** The listing of a category: its slug, or its name when it has none. */
export function categoryHref(c: Pick<Category, 'slug' | 'name'>): string {
  return `/category/${encodeURIComponent(c.slug || c.name)}`;
}
