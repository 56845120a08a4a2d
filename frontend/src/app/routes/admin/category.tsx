import { useQueryClient } from '@tanstack/react-query';
import { CategoriesPage } from '@/features/admin-categories/components/CategoriesPage';
import { catalogKeys } from '@/features/catalog/api';
import { useBackOfficeTitle } from '@/lib/title';

export function Component() {
  useBackOfficeTitle('categories');
  const qc = useQueryClient();
  // The storefront's category data (hero, carousel, filters) follows the back office at once.
  return <CategoriesPage onChanged={() => void qc.invalidateQueries({ queryKey: catalogKeys.categories })} />;
}
