import type { ComponentType } from 'react';
import type { LegalSlug } from '@/lib/api-types';
import { usePageTitle, type PageName } from '@/lib/title';
import { useBrandName, useCompanyDetails } from '@/lib/company';
import { useLegalPage } from '@/features/content/api';
import type { LegalPageProps } from '@/features/content/components/PolicyLayout';

/** A legal page's route: its contract page's title, the company's name and e-mail, and the text saved for `slug`. */
export function LegalPageRoute({
  slug,
  titledAs,
  Page,
}: {
  slug: LegalSlug;
  titledAs: PageName;
  Page: ComponentType<LegalPageProps>;
}) {
  usePageTitle(titledAs);
  const brandName = useBrandName();
  const company = useCompanyDetails();
  const { page, isLoading } = useLegalPage(slug);
  // The owner's text is the first one drawn: the default text shown while it loads was replaced,
  // and the sections moved, when it came.
  if (isLoading) return null;
  return (
    <Page
      companyName={brandName}
      email={company.data?.email || ''}
      savedContent={page?.content ?? null}
    />
  );
}
