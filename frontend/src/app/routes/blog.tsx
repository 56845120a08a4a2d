import { usePageTitle } from '@/lib/title';
import { BlogPage } from '@/features/content/components/BlogPage';

export function Component() {
  usePageTitle('blog');
  return <BlogPage />;
}
