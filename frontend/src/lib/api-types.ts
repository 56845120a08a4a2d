/** Types of the HTTP contract shared by several features (base `/api`, camelCase JSON). */

export type Role = 'CUSTOMER' | 'ADMIN';

export interface User {
  id: string;
  username: string;
  email: string;
  userType: Role;
  mobile: string | null;
  dob: string | null;
  firstName: string;
  lastName: string;
}

export interface Upload {
  id: string;
  filename: string;
  url: string;
}

export interface Category {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  parentId: string | null;
  imageUrl: string | null;
  /** Thumbnails and the original with their widths, for `<img srcset>`. */
  imageSrcset?: string | null;
  uploads: Upload[];
  subCategories: Category[];
}

export interface ProductImage {
  id: string;
  uploadId?: string;
  url: string;
  thumbUrl?: string | null;
  /** Thumbnails and the original with their widths, for `<img srcset>`. */
  srcset?: string | null;
}

export interface Variant {
  id: string;
  size: string;
  color: string;
  colorHexCode: string | null;
  stock: number;
  /** What the shopper pays. */
  originalPrice: number;
  /** The saving against the MRP. */
  discountPrice: number;
  /** The struck-through price, `originalPrice + discountPrice`, computed by the server. */
  mrp: number;
  /** The saving as a whole percentage of the MRP, computed by the server. */
  percentOff: number;
}

export interface Product {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  isBestSeller: boolean;
  category: { id: string; name: string } | null;
  categoryId: string;
  images: ProductImage[];
  variants: Variant[];
}

export interface Pagination {
  totalItems: number;
  currentPage: number;
  limit: number;
  totalPages: number;
}

export interface Facets {
  price: { min: number; max: number };
  colors: { color: string; colorHexCode: string | null; count: number }[];
  sizes: { size: string; count: number }[];
  categories: { id: string; name: string; count: number }[];
}

export interface ProductPage {
  data: Product[];
  pagination: Pagination;
  facets?: Facets;
}

/** The shop's company details (header, footer, legal pages, back office). */
export interface Company {
  name: string;
  email: string;
  phone: string;
  address: string;
  pincode: string;
  logoUrl: string | null;
}

export type LegalSlug = 'privacy-policy' | 'terms-conditions';

export interface LegalPage {
  id: string;
  title: string;
  slug: string;
  content: string;
  createdAt: string;
  updatedAt: string;
}
