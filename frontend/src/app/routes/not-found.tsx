import { EmptyPage } from '@/components/ShopPage';
import { useDocumentTitle } from '@/lib/title';

export function Component() {
  useDocumentTitle('Page not found');
  return (
    <EmptyPage
      title="Page not found"
      text="The page you are looking for does not exist."
      link={{ to: '/', label: 'Return to Home' }}
    />
  );
}
