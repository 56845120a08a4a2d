import { describe, expect, it } from 'vitest';
import { dropPendingAction, rememberPendingAction, takePendingAction } from './pending-action';

const shirt = { kind: 'cart', productId: 'p-1', variantId: 'v-s', quantity: 2 } as const;

describe('the action kept while a shopper signs in', () => {
  it('is taken once; the latest replaces an earlier one', () => {
    rememberPendingAction({ kind: 'wishlist', productId: 'p-9' });
    rememberPendingAction(shirt);
    expect(takePendingAction()).toEqual(shirt);
    expect(takePendingAction()).toBeNull();
  });

  it('is gone once dropped', () => {
    rememberPendingAction(shirt);
    dropPendingAction();
    expect(takePendingAction()).toBeNull();
  });

  it('a duplicated tab (a copy of the sessionStorage) does not take it again', () => {
    rememberPendingAction(shirt);
    const copied = window.sessionStorage.getItem('pendingShopAction');
    expect(takePendingAction()).toEqual(shirt);
    window.sessionStorage.setItem('pendingShopAction', copied ?? '');
    expect(takePendingAction()).toBeNull();
  });

  it('something unreadable in storage is no action', () => {
    window.sessionStorage.setItem('pendingShopAction', '{broken');
    expect(takePendingAction()).toBeNull();
  });
});
