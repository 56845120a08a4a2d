import { PageLoader } from '@/components/PageLoader';
import { EMPTY_CART } from '@/features/cart/api';
import { CartView } from '@/features/cart/components/CartView';
import type { CartItem } from '@/features/cart/types';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';
import { clampQuantity } from '@/lib/quantity';
import { CART_GUARD } from '../customer-only';
import { customerScreen } from '../guards';
import { useShopActions } from '../shop-actions';

function CartScreen() {
  const { cart, cartMutations } = useShopActions();
  const busy = cartMutations.update.isPending || cartMutations.remove.isPending || cartMutations.dismissRemoved.isPending;
  if (cart.isLoading) return <PageLoader label="Loading cart" />;
  const { items, summary, removed } = cart.data ?? EMPTY_CART;

  const onQuantity = (item: CartItem, quantity: number) => {
    const next = clampQuantity(quantity, item.product.variant.stock);
    if (next === item.quantity) return;
    cartMutations.update.mutate(
      { cartItemId: item.id, newQuantity: next },
      { onError: (e) => console.warn('Failed to update quantity', e) },
    );
  };
  const onRemove = (item: CartItem) =>
    cartMutations.remove.mutate(item.id, { onError: (e) => console.warn('Failed to remove item', e) });

  const onDismissRemoved = () =>
    cartMutations.dismissRemoved.mutate(undefined, { onError: (e) => notify.error(errorMessage(e, 'Could not dismiss the notice')) });

  return (
    <CartView
      items={items}
      summary={summary}
      removed={removed}
      onDismissRemoved={onDismissRemoved}
      busy={busy}
      onQuantity={onQuantity}
      onRemove={onRemove}
    />
  );
}

export const Component = customerScreen('cart', CART_GUARD, CartScreen);
