import { Outlet, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AdminLayout } from '@/features/admin-layout/components/AdminLayout';
import { companyQuery } from '@/features/content/api';
import { signOut } from '@/features/accounts/api';
import { useUi } from '@/lib/ui';
import { RequireAdmin, markAdminSignOut } from '../../admin-guard';

/** /admin: the guarded back office frame around the admin screens (a lazy chunk of its own). */
export function Component() {
  const navigate = useNavigate();
  const fallbackBrand = useUi((s) => s.brandName);
  const company = useQuery(companyQuery());
  return (
    <RequireAdmin>
      <AdminLayout
        brandName={company.data?.name || fallbackBrand}
        onBackToStore={() => navigate('/')}
        onLogout={() => {
          markAdminSignOut();
          // Ends the token on the server and clears the credentials and the cart and wishlist
          // lists, emitting cartUpdated and wishlistUpdated.
          void signOut();
          navigate('/', { replace: true });
        }}
      >
        <Outlet />
      </AdminLayout>
    </RequireAdmin>
  );
}
