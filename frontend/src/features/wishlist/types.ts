import type { Product } from '@/lib/api-types';

export interface WishlistItem {
  productId: string;
  product: Product;
}

export interface Wishlist {
  id: string | null;
  userId: string | null;
  items: WishlistItem[];
}
