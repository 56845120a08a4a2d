import { useQueryClient } from '@tanstack/react-query';
import { ProductsPage } from '@/features/admin-products/components/ProductsPage';
import { useBackOfficeTitle } from '@/lib/title';

export function Component() {
  useBackOfficeTitle('products');
  const qc = useQueryClient();
  // The storefront's listings, product pages and categories (their counts, and those a
  // catalogue import created) show the change at once.
  return (
    <ProductsPage
      onChanged={() => {
        void qc.invalidateQueries({ queryKey: ['products'] });
        void qc.invalidateQueries({ queryKey: ['product'] });
        void qc.invalidateQueries({ queryKey: ['categories'] });
      }}
    />
  );
}
