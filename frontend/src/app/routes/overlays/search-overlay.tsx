import { SearchOverlay } from '@/features/catalog/components/SearchOverlay';
import { useProductCardRenderer } from '../../shop-actions';

export default function SearchOverlayRoute({ open, onClose }: { open: boolean; onClose: () => void }) {
  const renderProduct = useProductCardRenderer();
  return <SearchOverlay open={open} onClose={onClose} renderProduct={renderProduct} />;
}
