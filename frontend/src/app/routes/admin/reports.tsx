import { ReportsPage } from '@/features/admin-reports/components/ReportsPage';
import { useDocumentTitle } from '@/lib/title';

export function Component() {
  useDocumentTitle('Reports');
  return <ReportsPage />;
}
