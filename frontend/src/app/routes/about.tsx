import { useDocumentTitle } from '@/lib/title';
import { useBrandName } from '@/lib/company';
import { AboutPage } from '@/features/content/components/AboutPage';

export function Component() {
  useDocumentTitle('About Us');
  const brandName = useBrandName();
  return <AboutPage brandName={brandName} />;
}
