import { useCallback, useMemo } from 'react';
import { useLocation } from 'react-router';
import { ProductCard } from '@/components/ProductCard';
import { errorMessage, ApiError } from '@/lib/api';
import type { Product, Variant } from '@/lib/api-types';
import { notify } from '@/lib/notify';
import { rememberPendingAction, type PendingShopAction } from '@/lib/pending-action';
import { isAdmin, useSession } from '@/lib/session';
import { STORAGE_KEYS, readIdList } from '@/lib/storage';
import { openLogin } from '@/lib/ui';
import { useCart, useCartMutations } from '@/features/cart/api';
import { CART_MESSAGES, decideAddToCart } from '@/features/cart/lib/add-to-cart';
import { useWishlist, useWishlistMutations } from '@/features/wishlist/api';
import { WISHLIST_MESSAGES, decideWishlistToggle } from '@/features/wishlist/lib/toggle';

/** Asks a signed-out shopper to sign in (back to `here`), keeping what they asked for to complete afterwards. */
function askToSignIn(here: string, pending: PendingShopAction | null) {
  if (pending) rememberPendingAction(pending);
  openLogin(here);
}

/** A failed cart or wishlist call: a lapsed session asks to sign in again (then `pending` completes), anything else says why. */
function reportFailure(err: unknown, messages: { login: string; failed: string }, here: string, pending: PendingShopAction | null) {
  if (err instanceof ApiError && err.status === 401) {
    notify.error(messages.login);
    askToSignIn(here, pending);
  } else {
    notify.error(errorMessage(err, messages.failed));
  }
}

/**
 * Cart and wishlist actions for any screen, with their role rules: a guest is asked to sign in
 * ('Please login to add to cart' / 'Please login to wishlist'), and the action completes once they
 * have (see pending-shop-action.tsx); an admin is refused (admins have neither a cart nor a wishlist).
 */
export function useShopActions() {
  const session = useSession();
  const location = useLocation();
  const loggedIn = session.token !== null;
  const admin = isAdmin(session);
  const customer = loggedIn && !admin;
  const cart = useCart(customer);
  const wishlist = useWishlist(customer);
  const cartMutations = useCartMutations();
  const wishlistMutations = useWishlistMutations();
  const here = location.pathname + location.search;

  const wishlistIds = useMemo(
    () => (wishlist.data ? wishlist.data.items.map((i) => i.productId) : customer ? readIdList(STORAGE_KEYS.wishlist) : []),
    [wishlist.data, customer],
  );

  const addToCart = useCallback(
    async (product: Product, variant: Variant | null, quantity = 1, opts: { productPage?: boolean } = {}): Promise<boolean> => {
      const pending: PendingShopAction = { kind: 'cart', productId: product.id, variantId: variant?.id ?? null, quantity };
      const decision = decideAddToCart({
        loggedIn,
        isAdmin: admin,
        variant,
        soldOut: product.variants.length > 0 && product.variants.every((v) => v.stock <= 0),
        quantity,
        cartItems: cart.data?.items ?? [],
        productPage: opts.productPage,
      });
      if (decision.kind === 'reject') {
        notify.error(decision.message);
        if (decision.askLogin) askToSignIn(here, pending);
        return false;
      }
      try {
        if (decision.kind === 'update') {
          await cartMutations.update.mutateAsync({ cartItemId: decision.cartItemId, newQuantity: decision.newQuantity });
        } else {
          await cartMutations.add.mutateAsync({ productVariantId: decision.productVariantId, quantity: decision.quantity });
        }
        notify.success(decision.message);
        return true;
      } catch (err) {
        reportFailure(err, CART_MESSAGES, here, pending);
        return false;
      }
    },
    [loggedIn, admin, cart.data, cartMutations.add, cartMutations.update, here],
  );

  const toggleWishlist = useCallback(
    async (product: Pick<Product, 'id'>, opts: { productPage?: boolean } = {}) => {
      const pending: PendingShopAction = { kind: 'wishlist', productId: product.id };
      const decision = decideWishlistToggle({
        loggedIn,
        isAdmin: admin,
        productId: product.id,
        wishlistIds,
        productPage: opts.productPage,
      });
      if (decision.kind === 'reject') {
        notify.error(decision.message);
        if (decision.askLogin) askToSignIn(here, pending);
        return;
      }
      try {
        if (decision.kind === 'add') {
          await wishlistMutations.add.mutateAsync(product.id);
          notify.success(WISHLIST_MESSAGES.added);
        } else {
          await wishlistMutations.remove.mutateAsync(product.id);
          notify.error(WISHLIST_MESSAGES.removed);
        }
      } catch (err) {
        // The pending action is an add: a removal that met a lapsed session is not repeated.
        reportFailure(err, WISHLIST_MESSAGES, here, decision.kind === 'add' ? pending : null);
      }
    },
    [loggedIn, admin, wishlistIds, wishlistMutations.add, wishlistMutations.remove, here],
  );

  const isWishlisted = useCallback((productId: string) => wishlistIds.includes(productId), [wishlistIds]);

  return { addToCart, toggleWishlist, isWishlisted, cart, wishlist, cartMutations, wishlistMutations, customer, admin, loggedIn };
}

/** Renders the shared product card wired to the cart and wishlist. */
export function useProductCardRenderer(options: { eagerFirst?: number; wishlistMode?: boolean } = {}) {
  const { addToCart, toggleWishlist, isWishlisted } = useShopActions();
  const { eagerFirst = 0, wishlistMode = false } = options;
  return useCallback(
    (product: Product, index: number) => (
      <ProductCard
        product={product}
        wishlisted={isWishlisted(product.id)}
        onToggleWishlist={(p) => void toggleWishlist(p)}
        onAddToCart={(p, v) => void addToCart(p, v, 1)}
        onRemove={wishlistMode ? (p) => void toggleWishlist(p) : undefined}
        showLowStock={wishlistMode}
        eager={index < eagerFirst}
        priority={eagerFirst > 0 && index === 0}
      />
    ),
    [addToCart, toggleWishlist, isWishlisted, eagerFirst, wishlistMode],
  );
}
