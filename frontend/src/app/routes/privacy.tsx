import { useDocumentTitle } from '@/lib/title';
import { useUi } from '@/lib/ui';
import { useCompanyDetails, useLegalPage } from '@/features/content/api';
import { PrivacyPolicyPage } from '@/features/content/components/PrivacyPolicyPage';

export function Component() {
  useDocumentTitle('Privacy Policy');
  const brandName = useUi((s) => s.brandName);
  const company = useCompanyDetails();
  const { page } = useLegalPage('privacy-policy');
  return (
    <PrivacyPolicyPage
      companyName={company.data?.name || brandName}
      email={company.data?.email || ''}
      savedContent={page?.content ?? null}
    />
  );
}
