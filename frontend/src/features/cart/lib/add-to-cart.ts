import type { CartItem } from '../types';

export interface AddToCartInput {
  loggedIn: boolean;
  isAdmin: boolean;
  variant: { id: string; stock: number } | null;
  /** No size of the product is in stock. */
  soldOut?: boolean;
  quantity: number;
  cartItems: CartItem[];
  /** The product page words the admin refusal as it does for the wishlist. */
  productPage?: boolean;
}

export type AddToCartDecision =
  | { kind: 'reject'; message: string; askLogin: boolean }
  | { kind: 'update'; cartItemId: string; newQuantity: number; message: string }
  | { kind: 'add'; productVariantId: string; quantity: number; message: string };

export const CART_MESSAGES = {
  login: 'Please login to add to cart',
  admin: 'Admin cannot add products to cart',
  adminProductPage: 'Admins cannot add products to cart',
  noSize: 'Please select a size first',
  outOfStock: 'This size is out of stock',
  soldOut: 'This product is out of stock',
  added: 'Added to cart',
  increased: 'Increased quantity in cart',
  failed: 'Something went wrong',
} as const;

export function stockLimitMessage(stock: number): string {
  return `Only ${stock} left in this size`;
}

/**
 * The add-to-cart rules: login needed, admins blocked, a size must be
 * chosen and in stock; a variant already in the cart grows by the chosen amount (never past stock).
 */
export function decideAddToCart(input: AddToCartInput): AddToCartDecision {
  if (!input.loggedIn) return { kind: 'reject', message: CART_MESSAGES.login, askLogin: true };
  if (input.isAdmin) {
    return { kind: 'reject', message: input.productPage ? CART_MESSAGES.adminProductPage : CART_MESSAGES.admin, askLogin: false };
  }
  if (!input.variant) return { kind: 'reject', message: input.soldOut ? CART_MESSAGES.soldOut : CART_MESSAGES.noSize, askLogin: false };
  if (input.variant.stock <= 0) return { kind: 'reject', message: CART_MESSAGES.outOfStock, askLogin: false };
  const quantity = Math.max(1, Math.floor(input.quantity));
  const existing = input.cartItems.find((i) => i.product.variant.id === input.variant?.id);
  if (existing) {
    const newQuantity = existing.quantity + quantity;
    if (newQuantity > input.variant.stock) {
      return { kind: 'reject', message: stockLimitMessage(input.variant.stock), askLogin: false };
    }
    return { kind: 'update', cartItemId: existing.id, newQuantity, message: CART_MESSAGES.increased };
  }
  if (quantity > input.variant.stock) {
    return { kind: 'reject', message: stockLimitMessage(input.variant.stock), askLogin: false };
  }
  return { kind: 'add', productVariantId: input.variant.id, quantity, message: CART_MESSAGES.added };
}
