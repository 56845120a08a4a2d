/**
 * Types of the HTTP contract shared by several features (base `/api`, camelCase JSON).
 * Answer types are aliases of the ones generated from the server's OpenAPI document
 * (`api-schema.d.ts`, regenerated with `make api-types`) wherever the two agree; the rest
 * are still written here until the document describes them exactly.
 */
import type { components } from './api-schema';

type Schemas = components['schemas'];

/** An error answer: `{ message, code, field? }`. */
export type ErrorBody = Schemas['ErrorBody'];

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

export type Upload = Schemas['UploadDto'];

/** What a saved catalogue file did (counts of products created, updated and left unchanged). */
export type ImportReport = Schemas['ImportReportDto'];
/** One line of a refused catalogue file. */
export type RowError = Schemas['RowErrorDto'];

export interface Category {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  parentId: string | null;
  /** The HSN code of its goods; products and subcategories without one take it. */
  hsnCode?: string | null;
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
  /** The colour the picture shows (one of the variants'), or null. */
  color?: string | null;
  width?: number;
  height?: number;
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
  /** The shop's own code for the variant, unique across the shop. */
  sku?: string | null;
}

export interface Product {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  isBestSeller: boolean;
  category: { id: string; name: string } | null;
  categoryId: string;
  /** The product's own HSN code; null: its category's. */
  hsnCode?: string | null;
  images: ProductImage[];
  variants: Variant[];
}

export type Pagination = Schemas['PaginationDto'];

export type Facets = Schemas['FacetsDto'];

export interface ProductPage {
  data: Product[];
  pagination: Pagination;
  facets?: Facets;
}

/** The shop's company details (header, footer, legal pages, back office). */
export type Company = Schemas['CompanyDto'];

export type LegalSlug = Schemas['LegalSlug'];

export type LegalPage = Schemas['LegalPageDto'];

/** A return or exchange request of a delivered order (issue 19). */
export type ReturnRequest = Schemas['ReturnDto'];
export type ReturnStatus = Schemas['ReturnStatusName'];
export type ReturnReason = Schemas['ReturnReasonName'];
export type ReturnKind = Schemas['ReturnKindName'];
/** The shopper's request body (`POST /orders/{id}/returns`). */
export type ReturnCreate = Schemas['ReturnCreateRequest'];
/** The owner's status change (`PUT /returns/{id}/status`). */
export type ReturnStatusChange = Schemas['ReturnStatusRequest'];
export type ReturnList = Schemas['ReturnListDto'];

/** An order's delivery status (its workflow: PENDING → SHIPPED → DELIVERED, or CANCELED). */
export type DeliveryStatus = Schemas['DeliveryStatusName'];

/** A GST document's number and India's date of issue. */
export type DocumentRef = Schemas['DocumentRefDto'];

/** One line of an order, as the customer and the back office read it. */
export interface OrderItem {
  id: string;
  quantity: number;
  priceAtPurchase: number;
  /** The struck-through price per piece when bought: above priceAtPurchase for a sale item. */
  mrp?: number;
  /** The variant sold (null once deleted from the catalogue). */
  variantId?: string | null;
  /** Price at purchase × quantity, computed by the server. */
  lineTotal: number;
  product: {
    id: string;
    name: string;
    images: { url: string }[];
    variant: { size: string; color: string; originalPrice: number };
  };
}

/** One change of an order's status. `changedBy` is a role label for the customer ('You' or
 *  'Shop') and the username for the admin ('Deleted account' when it is gone). */
export interface StatusChange {
  from: string | null;
  to: string;
  changedBy: string | null;
  changedAt: string;
}

/** An order (`OrderDto`): the customer's history and the back office's list show the same answer. */
export interface Order {
  id: string;
  user: { firstName: string; lastName: string; email: string };
  items: OrderItem[];
  paymentMethod: string;
  paymentStatus: string;
  deliveryStatus: DeliveryStatus;
  status: string;
  orderDate: string;
  orderTotal: number;
  address: {
    fullName?: string;
    phone?: string | null;
    landmark?: string | null;
    addressLine1: string;
    addressLine2?: string | null;
    city: string;
    state: string;
    postalCode: string;
  };
  expectedDeliveryDate: string | null;
  deliveredOn: string | null;
  createdAt: string;
  /** Oldest first. */
  history?: StatusChange[];
  /** The GST tax invoice, once the order shipped; the credit note, once an invoiced order was cancelled. */
  invoice?: DocumentRef | null;
  creditNote?: DocumentRef | null;
}
