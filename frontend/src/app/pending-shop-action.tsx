import { useEffect } from 'react';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';
import { dropPendingAction, takePendingAction, type PendingShopAction } from '@/lib/pending-action';
import { fetchProduct } from '@/features/catalog/api';
import { CART_MESSAGES } from '@/features/cart/lib/add-to-cart';
import { WISHLIST_MESSAGES } from '@/features/wishlist/lib/toggle';
import { useShopActions } from './shop-actions';

/**
 * Completes the cart or wishlist action a shopper asked for while signed out, once they are
 * signed in as a customer and their cart and wishlist have loaded (the add's decisions need them):
 * through the same calls as a tap, with the same messages. Rendered once, in the storefront shell.
 * An admin's sign-in drops the action: an admin has no cart.
 */
export function PendingShopActionRunner() {
  const { addToCart, toggleWishlist, isWishlisted, cart, wishlist, customer, admin } = useShopActions();
  const ready = customer && cart.isSuccess && wishlist.isSuccess;

  useEffect(() => {
    if (admin) dropPendingAction();
  }, [admin]);

  useEffect(() => {
    if (!ready) return;
    // Taken synchronously: a repeated run of this effect finds nothing left to do.
    const action = takePendingAction();
    if (!action) return;

    async function perform(action: PendingShopAction) {
      if (action.kind === 'wishlist') {
        // The heart meant "add": a product already saved stays saved.
        if (isWishlisted(action.productId)) notify.success(WISHLIST_MESSAGES.added);
        else await toggleWishlist({ id: action.productId });
        return;
      }
      // Fresh from the server: the stock decides, as for a tap.
      const product = await fetchProduct(action.productId).catch((err: unknown) => {
        notify.error(errorMessage(err, CART_MESSAGES.failed));
        return null;
      });
      if (!product) return;
      const variant = product.variants.find((v) => v.id === action.variantId) ?? null;
      await addToCart(product, variant, action.quantity);
    }
    void perform(action);
  }, [ready, addToCart, toggleWishlist, isWishlisted]);

  return null;
}
