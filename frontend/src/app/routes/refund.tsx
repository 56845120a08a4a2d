import { usePageTitle } from '@/lib/title';
import { useCompanyDetails } from '@/lib/company';
import { RefundPolicyPage } from '@/features/content/components/RefundPolicyPage';

export function Component() {
  usePageTitle('refund');
  const company = useCompanyDetails();
  return <RefundPolicyPage email={company.data?.email || ''} />;
}
