import { describe, expect, it } from 'vitest';
import { cartItem } from '@/testing/fixtures';
import { decideAddToCart } from './add-to-cart';

const base = { loggedIn: true, isAdmin: false, variant: { id: 'v-m', stock: 5 }, quantity: 1, cartItems: [] };

describe('add to cart rules', () => {
  it('a guest is asked to log in', () => {
    expect(decideAddToCart({ ...base, loggedIn: false })).toEqual({
      kind: 'reject',
      message: 'Please login to add to cart',
      askLogin: true,
    });
  });

  it('an admin is refused', () => {
    expect(decideAddToCart({ ...base, isAdmin: true })).toMatchObject({ message: 'Admin cannot add products to cart' });
    // The product page says it as it does for the wishlist.
    expect(decideAddToCart({ ...base, isAdmin: true, productPage: true })).toMatchObject({
      kind: 'reject',
      message: 'Admins cannot add products to cart',
    });
  });

  it('a size must be chosen and in stock', () => {
    expect(decideAddToCart({ ...base, variant: null })).toMatchObject({ message: 'Please select a size first' });
    expect(decideAddToCart({ ...base, variant: { id: 'v', stock: 0 } })).toMatchObject({ message: 'This size is out of stock' });
    // No size to choose: a card of a sold-out product says so rather than asking for a size.
    expect(decideAddToCart({ ...base, variant: null, soldOut: true })).toMatchObject({ message: 'This product is out of stock' });
  });

  it('adds a new line with the chosen quantity', () => {
    expect(decideAddToCart({ ...base, quantity: 2 })).toEqual({
      kind: 'add',
      productVariantId: 'v-m',
      quantity: 2,
      message: 'Added to cart',
    });
  });

  it('a variant already in the cart grows through the update call', () => {
    const items = [cartItem({ id: 'line-1', quantity: 2, variant: { id: 'v-m', stock: 5 } })];
    expect(decideAddToCart({ ...base, cartItems: items })).toEqual({
      kind: 'update',
      cartItemId: 'line-1',
      newQuantity: 3,
      message: 'Increased quantity in cart',
    });
    expect(decideAddToCart({ ...base, quantity: 3, cartItems: items })).toMatchObject({ newQuantity: 5 });
    expect(decideAddToCart({ ...base, quantity: 4, cartItems: items })).toMatchObject({ kind: 'reject' });
  });
});
