import { useDocumentTitle } from '@/lib/title';
import { useUi } from '@/lib/ui';
import { useCompanyDetails, useLegalPage } from '@/features/content/api';
import { TermsPage } from '@/features/content/components/TermsPage';

export function Component() {
  useDocumentTitle('Terms and Conditions');
  const brandName = useUi((s) => s.brandName);
  const company = useCompanyDetails();
  const { page } = useLegalPage('terms-conditions');
  return (
    <TermsPage
      companyName={company.data?.name || brandName}
      email={company.data?.email || ''}
      savedContent={page?.content ?? null}
    />
  );
}
