import { useDocumentTitle } from '@/lib/title';
import { BlogPage } from '@/features/content/components/BlogPage';

export function Component() {
  useDocumentTitle('Blog');
  return <BlogPage />;
}
