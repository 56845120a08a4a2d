import { isCatalogImage } from '@/lib/object-url';
import type { AdminCategoryNode } from '../types';

export const MAX_PRODUCT_IMAGES = 10;
export const ADMIN_PAGE_SIZE = 10;

export const PRODUCT_MESSAGES = {
  nameRequired: 'Please fill Product Name',
  categoryRequired: 'Please select Category',
  imageRequired: 'Please upload at least 1 image',
  tooManyImages: 'Maximum 10 images allowed.',
  badImageType: 'Only PNG, JPG and JPEG images are allowed.',
  variantRequired: 'Please add at least one variant',
  added: 'Product added successfully!',
  updated: 'Product updated successfully!',
  saveFailed: 'Failed to save product.',
  fetchFailed: 'Failed to fetch products',
  deleted: 'Product deleted successfully',
  deleteFailed: 'Failed to delete product',
} as const;

export type ProductErrors = Partial<Record<'name' | 'category' | 'images' | 'variants', string>>;

/** Save rules of the product itself (variants are checked row by row). */
export function validateProduct(input: { name: string; categoryId: string; imageCount: number; variantCount: number }): ProductErrors {
  const errors: ProductErrors = {};
  if (!input.name.trim()) errors.name = PRODUCT_MESSAGES.nameRequired;
  if (!input.categoryId) errors.category = PRODUCT_MESSAGES.categoryRequired;
  if (input.imageCount < 1) errors.images = PRODUCT_MESSAGES.imageRequired;
  else if (input.imageCount > MAX_PRODUCT_IMAGES) errors.images = PRODUCT_MESSAGES.tooManyImages;
  if (input.variantCount < 1) errors.variants = PRODUCT_MESSAGES.variantRequired;
  return errors;
}

/** Checks files about to be added to `current` images: the format, then the total. Null when fine. */
export function checkAddedImages(files: File[], current: number): string | null {
  if (files.some((f) => !isCatalogImage(f))) return PRODUCT_MESSAGES.badImageType;
  if (current + files.length > MAX_PRODUCT_IMAGES) return PRODUCT_MESSAGES.tooManyImages;
  return null;
}

/** Ids from the top-level category down to `id`; [] when not found. */
export function categoryPath(tree: AdminCategoryNode[], id: string | null | undefined): string[] {
  if (!id) return [];
  for (const node of tree) {
    if (node.id === id) return [node.id];
    const below = categoryPath(node.subCategories ?? [], id);
    if (below.length) return [node.id, ...below];
  }
  return [];
}

/** The select lists of the cascade: the roots, then the children of each chosen category that has any. */
export function cascadeLevels(tree: AdminCategoryNode[], path: string[]): AdminCategoryNode[][] {
  const levels: AdminCategoryNode[][] = [tree];
  let options = tree;
  for (const id of path) {
    const chosen = options.find((c) => c.id === id);
    if (!chosen || !chosen.subCategories?.length) break;
    options = chosen.subCategories;
    levels.push(options);
  }
  return levels;
}

/** Serial number on a page: continues across pages. */
export function serialNumber(page: number, index: number, pageSize = ADMIN_PAGE_SIZE): number {
  return (page - 1) * pageSize + index + 1;
}

/** The images button's words, "View 2 images"; its accessible name adds "of <product>" after
 * them, so that the name begins with what is shown (WCAG 2.5.3 label in name). */
export function imagesText(p: { images?: unknown[] | null }): string {
  const n = p.images?.length ?? 0;
  return `View ${n} image${n === 1 ? '' : 's'}`;
}
