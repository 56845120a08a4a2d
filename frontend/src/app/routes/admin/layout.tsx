import { Outlet, useNavigate } from 'react-router';
import { AdminLayout } from '@/features/admin-layout/components/AdminLayout';
import { useBrandName } from '@/lib/company';
import { signOut } from '@/features/accounts/api';
import { RequireAdmin, markAdminSignOut } from '../../admin-guard';

/** /admin: the guarded back office frame around the admin screens (a lazy chunk of its own). */
export function Component() {
  const navigate = useNavigate();
  const brandName = useBrandName();
  return (
    <RequireAdmin>
      <AdminLayout
        brandName={brandName}
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
