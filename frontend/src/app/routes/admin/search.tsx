import { SearchTools } from '@/features/admin-search/components/SearchTools';
import { useDocumentTitle } from '@/lib/title';

export function Component() {
  useDocumentTitle('Search');
  return <SearchTools />;
}
