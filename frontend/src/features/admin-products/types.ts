import type { Product } from '@/lib/api-types';

export type AdminProduct = Product;

export interface AdminCategoryNode {
  id: string;
  name: string;
  /** The category's HSN code; its products and subcategories without one take it. */
  hsnCode?: string | null;
  subCategories: AdminCategoryNode[];
}

/** One variant row of the product form; numbers stay text while typing. */
export interface VariantDraft {
  /** Stable key of the row. */
  key: string;
  /** Id of a saved variant (edit). */
  id?: string;
  /** A saved variant's stock as the form loaded it: sent as expectedStock, so the server
   * never undoes an order placed while the form was open. */
  savedStock?: number;
  size: string;
  color: string;
  colorHexCode: string;
  stock: string;
  originalPrice: string;
  discountPrice: string;
  /** The shop's own code; empty: none. Left out (new rows until typed), the server keeps what it has. */
  sku?: string;
  /** Added rows copy the previous colour and cannot change it. */
  colorLocked: boolean;
  /** The price field edited last decides which of the two price messages shows. */
  lastPriceField?: 'originalPrice' | 'discountPrice';
}

export type VariantField = 'size' | 'color' | 'colorHexCode' | 'stock' | 'originalPrice' | 'discountPrice' | 'sku';
export type VariantErrors = Partial<Record<VariantField, string>>;

export interface ProductPageResult {
  data: AdminProduct[];
  totalItems: number;
  currentPage: number;
  limit: number;
  totalPages: number;
}
