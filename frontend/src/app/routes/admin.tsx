import { Suspense, lazy } from 'react';
import { PageLoader } from '@/components/PageLoader';

// The back office is its own chunk, never downloaded by shoppers. It will be replaced by
// the admin feature modules (src/features/admin-*) and their routes (src/app/routes/admin*).
const AdminArea = lazy(() => import('./admin-area'));

export function Component() {
  return (
    <Suspense fallback={<PageLoader />}>
      <AdminArea />
    </Suspense>
  );
}
