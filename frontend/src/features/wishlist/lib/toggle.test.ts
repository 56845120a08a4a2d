import { describe, expect, it } from 'vitest';
import { decideWishlistToggle } from './toggle';

describe('wishlist toggle rules', () => {
  const w = { loggedIn: true, isAdmin: false, productId: 'p-1', wishlistIds: ['p-9'] };

  it('absent means add, present means remove', () => {
    expect(decideWishlistToggle(w)).toEqual({ kind: 'add', productId: 'p-1' });
    expect(decideWishlistToggle({ ...w, wishlistIds: ['p-1'] })).toEqual({ kind: 'remove', productId: 'p-1' });
  });

  it('guests log in; admins are refused with the screen wording', () => {
    expect(decideWishlistToggle({ ...w, loggedIn: false })).toMatchObject({ message: 'Please login to wishlist', askLogin: true });
    expect(decideWishlistToggle({ ...w, isAdmin: true })).toMatchObject({ message: 'Admin cannot add products to wishlist' });
    expect(decideWishlistToggle({ ...w, isAdmin: true, productPage: true })).toMatchObject({
      message: 'Admins cannot add products to wishlist',
    });
  });
});
