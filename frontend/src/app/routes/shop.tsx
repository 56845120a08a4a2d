import { useQuery } from '@tanstack/react-query';
import { usePageTitle } from '@/lib/title';
import { categoriesQuery } from '@/features/catalog/api';
import { ProductListing } from '@/features/catalog/components/ProductListing';
import { useProductCardRenderer } from '../shop-actions';

export function Component() {
  usePageTitle('shop');
  const { data: categories = [] } = useQuery(categoriesQuery());
  const renderProduct = useProductCardRenderer({ eagerFirst: 2 });
  return <ProductListing title="Shop" routeCategory={null} categories={categories} renderProduct={renderProduct} />;
}
