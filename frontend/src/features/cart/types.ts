import type { components } from '@/lib/api-schema';
import type { Variant } from '@/lib/api-types';

/** A cart line's variant: the catalogue's variant shape. */
export type CartVariant = Variant;

export interface CartItem {
  id: string;
  quantity: number;
  product: {
    id: string;
    name: string;
    slug: string;
    images: { id: string; url: string }[];
    variant: CartVariant;
  };
  /** What the line comes to (price × quantity), computed by the server. */
  lineTotal: number;
  /** The line at MRP. */
  lineMrp: number;
  /** The line's saving. */
  lineDiscount: number;
}

export interface CartSummary {
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  itemCount: number;
}

/** A line the cart lost because the owner deleted the product or removed the size. */
export type RemovedLine = components['schemas']['RemovedLineDto'];

export interface Cart {
  items: CartItem[];
  summary: CartSummary;
  /** Lines the owner took out lately, named until the shopper dismisses them. */
  removed: RemovedLine[];
}
