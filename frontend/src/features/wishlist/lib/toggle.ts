export const WISHLIST_MESSAGES = {
  login: 'Please login to wishlist',
  admin: 'Admin cannot add products to wishlist',
  adminProductPage: 'Admins cannot add products to wishlist',
  added: 'Added to wishlist',
  removed: 'Removed from wishlist',
  failed: 'Something went wrong',
} as const;

export type WishlistDecision =
  | { kind: 'reject'; message: string; askLogin: boolean }
  | { kind: 'add' | 'remove'; productId: string };

/** Wishlist toggle: login needed, admins blocked; absent means add, present means remove. */
export function decideWishlistToggle(input: {
  loggedIn: boolean;
  isAdmin: boolean;
  productId: string;
  wishlistIds: string[];
  productPage?: boolean;
}): WishlistDecision {
  if (!input.loggedIn) return { kind: 'reject', message: WISHLIST_MESSAGES.login, askLogin: true };
  if (input.isAdmin) {
    return {
      kind: 'reject',
      message: input.productPage ? WISHLIST_MESSAGES.adminProductPage : WISHLIST_MESSAGES.admin,
      askLogin: false,
    };
  }
  return { kind: input.wishlistIds.includes(input.productId) ? 'remove' : 'add', productId: input.productId };
}
