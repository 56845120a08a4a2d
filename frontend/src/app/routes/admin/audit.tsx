import { AuditLogPage } from '@/features/admin-audit/components/AuditLogPage';
import { useBackOfficeTitle } from '@/lib/title';

export function Component() {
  useBackOfficeTitle('audit');
  return <AuditLogPage />;
}
