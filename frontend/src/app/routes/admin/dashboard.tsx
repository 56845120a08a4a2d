import { useQuery } from '@tanstack/react-query';
import { AdminPageHeader } from '@/components/AdminPageHeader';
import { DashboardCards } from '@/features/admin-layout/components/DashboardCards';
import { DashboardFigures } from '@/features/admin-reports/components/DashboardFigures';
import { adminCategoriesQuery } from '@/features/admin-categories/api';
import { countCategories } from '@/features/admin-categories/lib/rules';
import { pendingCountQuery } from '@/features/admin-orders/api';
import { summaryQuery } from '@/features/admin-reports/api';
import { useBackOfficeTitle } from '@/lib/title';

export function Component() {
  useBackOfficeTitle('dashboard');
  const categories = useQuery(adminCategoriesQuery());
  const pending = useQuery(pendingCountQuery());
  const summary = useQuery(summaryQuery());
  return (
    <>
      <AdminPageHeader title="Dashboard" subtitle="Run the shop from here" />
      <DashboardFigures summary={summary.data} failed={summary.isError} onRetry={() => void summary.refetch()} />
      <DashboardCards
        categoryCount={categories.data ? countCategories(categories.data) : null}
        pendingCount={pending.data ?? null}
      />
    </>
  );
}
