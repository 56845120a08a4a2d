import { useDocumentTitle } from '@/lib/title';
import { useUi } from '@/lib/ui';
import { AboutPage } from '@/features/content/components/AboutPage';

export function Component() {
  useDocumentTitle('About Us');
  const brandName = useUi((s) => s.brandName);
  return <AboutPage brandName={brandName} />;
}
