import { PageLoader } from '@/components/PageLoader';
import { useDocumentTitle } from '@/lib/title';
import { WishlistView } from '@/features/wishlist/components/WishlistView';
import { RequireCustomer } from '../guards';
import { useProductCardRenderer, useShopActions } from '../shop-actions';

function WishlistScreen() {
  const { wishlist } = useShopActions();
  const renderProduct = useProductCardRenderer({ wishlistMode: true });
  if (wishlist.isLoading) return <PageLoader label="Loading wishlist" />;
  return <WishlistView items={wishlist.data?.items ?? []} renderProduct={renderProduct} />;
}

export function Component() {
  useDocumentTitle('Wishlist');
  return (
    <RequireCustomer guestText="Please login to wishlist" adminText="Admin cannot add products to wishlist">
      <WishlistScreen />
    </RequireCustomer>
  );
}
