import { ReturnsPage } from '@/features/admin-returns/components/ReturnsPage';
import { useDocumentTitle } from '@/lib/title';

export function Component() {
  useDocumentTitle('Returns');
  return <ReturnsPage />;
}
