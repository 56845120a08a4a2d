import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EmptyPage } from '@/components/ShopPage';
import { PageLoader } from '@/components/PageLoader';
import { pageTitle, useDocumentTitle } from '@/lib/title';
import { categoriesQuery } from '@/features/catalog/api';
import { ProductListing } from '@/features/catalog/components/ProductListing';
import { findCategory, isAllProducts } from '@/features/catalog/lib/categories';
import { slugTitle } from '@/features/catalog/lib/filters';
import { useProductCardRenderer } from '../shop-actions';

export function Component() {
  const { slug = '' } = useParams();
  const { data: categories = [], isLoading } = useQuery(categoriesQuery());
  const all = isAllProducts(slug);
  const category = all ? null : findCategory(categories, slug);
  const title = all ? pageTitle('category') : category?.name ?? slugTitle(decodeURIComponent(slug));
  // While the categories load the tab keeps the title it has (the server's, on a first visit).
  useDocumentTitle(!all && isLoading ? null : title);
  const renderProduct = useProductCardRenderer({ eagerFirst: 2 });

  if (!all && isLoading) return <PageLoader />;
  if (!all && !category) {
    return (
      // The slug's own words as the title ('summer-sale' reads 'summer sale'), as docs/PRODUCT.md says.
      <EmptyPage
        title={title}
        text="We have no category of this name. Browse all our products instead."
        link={{ to: '/shop', label: 'Browse all products' }}
      />
    );
  }
  return (
    <ProductListing
      key={category?.id ?? 'all'}
      title={title}
      routeCategory={category}
      categories={categories}
      renderProduct={renderProduct}
    />
  );
}
