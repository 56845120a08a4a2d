import { SearchTools } from '@/features/admin-search/components/SearchTools';
import { useBackOfficeTitle } from '@/lib/title';

export function Component() {
  useBackOfficeTitle('search');
  return <SearchTools />;
}
