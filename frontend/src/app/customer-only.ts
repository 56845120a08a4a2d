/** What a customer-only place tells a guest (asked to sign in) and an admin (refused). */
export interface CustomerOnlyTexts {
  guestText: string;
  adminText: string;
}

/** The cart and checkout. */
export const CART_GUARD: CustomerOnlyTexts = { guestText: 'Please login to add to cart', adminText: 'Admin cannot add products to cart' };

/** The wishlist. */
export const WISHLIST_GUARD: CustomerOnlyTexts = { guestText: 'Please login to wishlist', adminText: 'Admin cannot add products to wishlist' };
