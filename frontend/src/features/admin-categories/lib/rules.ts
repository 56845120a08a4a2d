import { isCatalogImage } from '@/lib/object-url';
import type { AdminCategory } from '../types';

export const MAX_CATEGORY_IMAGES = 1;

export const CATEGORY_MESSAGES = {
  nameRequired: 'Please fill the category name.',
  tooFew: `Please upload at least ${MAX_CATEGORY_IMAGES} images.`,
  tooMany: `You can upload a maximum of ${MAX_CATEGORY_IMAGES} images.`,
  badType: 'Only PNG, JPG and JPEG images are allowed.',
  saved: 'Category saved successfully!',
  updated: 'Category updated successfully!',
  saveFailed: 'Failed to save category',
  deleteFailed: 'Failed to delete category',
  fetchFailed: 'Failed to fetch categories',
} as const;

/**
 * A category name holds letters (with the marks and joiners Indian scripts write them with),
 * digits and spaces only: anything else is dropped while typing. The server has the last word.
 */
export function filterCategoryName(raw: string): string {
  return raw.replace(/[^\p{L}\p{M}\p{N} \u200C\u200D]/gu, '');
}

export interface CategoryCheck {
  name?: string;
  image?: string;
}

/**
 * Validation on save: the name, and exactly one image counting the kept upload and a new file.
 * A category that has no image yet (the catalogue import makes such) may be saved without one
 * (`imageRequired` false), as the server allows.
 */
export function validateCategory(input: { name: string; imageCount: number; imageRequired?: boolean }): CategoryCheck {
  const errors: CategoryCheck = {};
  if (!input.name.trim()) errors.name = CATEGORY_MESSAGES.nameRequired;
  if (input.imageCount === 0 && input.imageRequired === false) return errors;
  if (input.imageCount < MAX_CATEGORY_IMAGES) errors.image = CATEGORY_MESSAGES.tooFew;
  else if (input.imageCount > MAX_CATEGORY_IMAGES) errors.image = CATEGORY_MESSAGES.tooMany;
  return errors;
}

/** Checks picked or dropped files: the count first, then the format. Null when acceptable. */
export function checkPickedFiles(files: File[]): string | null {
  if (files.length > MAX_CATEGORY_IMAGES) return CATEGORY_MESSAGES.tooMany;
  if (files.some((f) => !isCatalogImage(f))) return CATEGORY_MESSAGES.badType;
  return null;
}

export interface CategoryRow {
  category: AdminCategory;
  /** "1", "1.2", "1.2.3". */
  number: string;
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
}

/** The table rows: top-level categories numbered 1..n; the children of an expanded row follow it, numbered
 * with its number as prefix. */
export function categoryRows(categories: AdminCategory[], expanded: ReadonlySet<string>): CategoryRow[] {
  const rows: CategoryRow[] = [];
  const walk = (list: AdminCategory[], prefix: string, depth: number) => {
    list.forEach((category, i) => {
      const number = prefix ? `${prefix}.${i + 1}` : String(i + 1);
      const children = category.subCategories ?? [];
      const isOpen = expanded.has(category.id);
      rows.push({ category, number, depth, hasChildren: children.length > 0, expanded: isOpen });
      if (isOpen && children.length > 0) walk(children, number, depth + 1);
    });
  };
  walk(categories, '', 0);
  return rows;
}

/** Every category at every level. */
export function countCategories(categories: AdminCategory[]): number {
  return categories.reduce((n, c) => n + 1 + countCategories(c.subCategories ?? []), 0);
}

export interface ParentOption {
  id: string;
  label: string;
  depth: number;
}

/** Choices for the parent select, indented by depth; a category and its descendants are left out when
 * editing it (it cannot become its own parent). */
export function parentOptions(categories: AdminCategory[], excludeId?: string): ParentOption[] {
  const out: ParentOption[] = [];
  const walk = (list: AdminCategory[], depth: number) => {
    for (const c of list) {
      if (c.id === excludeId) continue;
      out.push({ id: c.id, label: c.name, depth });
      walk(c.subCategories ?? [], depth + 1);
    }
  };
  walk(categories, 0);
  return out;
}
