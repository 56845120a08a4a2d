import { PageLoader } from '@/components/PageLoader';
import { WishlistView } from '@/features/wishlist/components/WishlistView';
import { WISHLIST_GUARD } from '../customer-only';
import { customerScreen } from '../guards';
import { useProductCardRenderer, useShopActions } from '../shop-actions';

function WishlistScreen() {
  const { wishlist } = useShopActions();
  const renderProduct = useProductCardRenderer({ wishlistMode: true });
  if (wishlist.isLoading) return <PageLoader label="Loading wishlist" />;
  return <WishlistView items={wishlist.data?.items ?? []} renderProduct={renderProduct} />;
}

export const Component = customerScreen('wishlist', WISHLIST_GUARD, WishlistScreen);
