import { EmptyPage } from '@/components/ShopPage';
import { usePageTitle } from '@/lib/title';

export function Component() {
  usePageTitle('notFound');
  return (
    <EmptyPage
      title="Page not found"
      text="The page you are looking for does not exist."
      link={{ to: '/', label: 'Return to Home' }}
    />
  );
}
