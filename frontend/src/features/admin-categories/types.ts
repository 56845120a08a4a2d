import type { Category } from '@/lib/api-types';

/** A category as the back office reads it (GET /categories), nested. */
export interface AdminCategory extends Omit<Category, 'subCategories'> {
  productCount?: number;
  subCategories: AdminCategory[];
}

export interface CategoryFormValues {
  name: string;
  description: string;
  /** '' for a top-level category. */
  parentId: string;
  /** 4 to 8 digits, or '' for none (its products then need their own). */
  hsnCode: string;
  /** A newly picked image (replaces the current one). */
  file: File | null;
  /** Ids of current uploads the admin removed. */
  deletedUploadIds: string[];
}
