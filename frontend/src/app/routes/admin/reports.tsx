import { ReportsPage } from '@/features/admin-reports/components/ReportsPage';
import { useBackOfficeTitle } from '@/lib/title';

export function Component() {
  useBackOfficeTitle('reports');
  return <ReportsPage />;
}
