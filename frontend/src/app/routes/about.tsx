import { usePageTitle } from '@/lib/title';
import { useBrandName } from '@/lib/company';
import { AboutPage } from '@/features/content/components/AboutPage';

export function Component() {
  usePageTitle('about');
  const brandName = useBrandName();
  return <AboutPage brandName={brandName} />;
}
