import { useDocumentTitle } from '@/lib/title';
import { useCompanyDetails } from '@/lib/company';
import { RefundPolicyPage } from '@/features/content/components/RefundPolicyPage';

export function Component() {
  useDocumentTitle('Return and Refund Policy');
  const company = useCompanyDetails();
  return <RefundPolicyPage email={company.data?.email || ''} />;
}
