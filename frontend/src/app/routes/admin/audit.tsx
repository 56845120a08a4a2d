import { AuditLogPage } from '@/features/admin-audit/components/AuditLogPage';
import { useDocumentTitle } from '@/lib/title';

export function Component() {
  useDocumentTitle('Audit log');
  return <AuditLogPage />;
}
