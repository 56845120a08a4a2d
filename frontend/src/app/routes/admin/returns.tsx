import { ReturnsPage } from '@/features/admin-returns/components/ReturnsPage';
import { useBackOfficeTitle } from '@/lib/title';

export function Component() {
  useBackOfficeTitle('returns');
  return <ReturnsPage />;
}
