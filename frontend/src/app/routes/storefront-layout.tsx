import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { StorefrontLayout } from '@/components/StorefrontLayout';
import type { User } from '@/lib/api-types';
import { useStoredCartCount, useStoredWishlistCount } from '@/lib/hooks';
import { notify } from '@/lib/notify';
import { isAdmin, useSession } from '@/lib/session';
import { closeLogin, dismissLogin, openLogin, setSearchOpen, useUi } from '@/lib/ui';
import { companyQuery, useBrandName } from '@/lib/company';
import { signOut } from '@/features/accounts/api';
import { categoriesQuery } from '@/features/catalog/api';
import { cartQuery } from '@/features/cart/api';
import { wishlistQuery } from '@/features/wishlist/api';
import { CART_GUARD, WISHLIST_GUARD, type CustomerOnlyTexts } from '../customer-only';
import { PendingShopActionRunner } from '../pending-shop-action';

// Heavy overlays are their own chunks, loaded the first time they open.
const LoginDialog = lazy(() => import('./overlays/login-overlay'));
const SearchOverlay = lazy(() => import('./overlays/search-overlay'));

/**
 * On a change of page, focus on the main region for screen readers. The scroll position is
 * React Router's ScrollRestoration's: a new page starts at the top, and Back returns to where
 * the shopper was (a listing's products are in React Query's cache, so the page has its height
 * when the position is restored).
 */
function FocusMain() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}

export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const session = useSession();
  const { loginOpen, loginMode, searchOpen, loginRedirect } = useUi();
  const brandName = useBrandName();
  const company = useQuery(companyQuery());
  // The header's category menu: fetched when a menu is first opened (a page that lists them
  // has them already), so a page asks the API for nothing more than its own data.
  const [menuWanted, setMenuWanted] = useState(false);
  const categories = useQuery({ ...categoriesQuery(), enabled: menuWanted });
  const wishlistCount = useStoredWishlistCount();
  const cartCount = useStoredCartCount();
  const loggedIn = session.token !== null;
  const admin = isAdmin(session);
  const here = location.pathname + location.search;

  useEffect(() => {
    if (company.isError) console.warn('Failed to load company details', company.error);
  }, [company.isError, company.error]);

  // Counts come from the server for a signed-in customer (which also refreshes the stored lists).
  useEffect(() => {
    if (!loggedIn || admin) return;
    qc.prefetchQuery(cartQuery()).catch((e) => console.warn('Failed to load cart', e));
    qc.prefetchQuery(wishlistQuery()).catch((e) => console.warn('Failed to load wishlist', e));
  }, [loggedIn, admin, qc]);

  function onAuthenticated(user: User) {
    closeLogin();
    if (user.userType === 'ADMIN') {
      navigate('/admin/dashboard');
      return;
    }
    Promise.all([qc.fetchQuery(cartQuery()), qc.fetchQuery(wishlistQuery())]).catch((e) =>
      console.warn('Failed to load wishlist or cart after login', e),
    );
    navigate(loginRedirect ?? '/myaccount/dashboard');
  }

  /** The header's wishlist and cart: a guest is asked to sign in (then goes there), an admin is refused. */
  function openCustomerPage(path: string, texts: CustomerOnlyTexts) {
    if (!loggedIn) {
      notify.error(texts.guestText);
      openLogin(path);
    } else if (admin) notify.error(texts.adminText);
    else navigate(path);
  }

  const userInitial = session.user?.username ? session.user.username.charAt(0).toUpperCase() : loggedIn ? '?' : null;

  return (
    <StorefrontLayout
      company={company.data ?? null}
      brandName={brandName}
      userInitial={userInitial}
      wishlistCount={wishlistCount}
      cartCount={cartCount}
      categories={categories.data ?? []}
      onMenuOpen={() => setMenuWanted(true)}
      onAccount={() => {
        if (!loggedIn) openLogin(null);
        else navigate(admin ? '/admin/dashboard' : '/myaccount/dashboard');
      }}
      onLogout={
        loggedIn
          ? () => {
              // As the account sidebar's Logout: the stored session goes at once; then the home page.
              navigate('/');
              void signOut();
            }
          : undefined
      }
      onSearch={() => {
        if (!loggedIn) {
          notify.error('Please login to search a product');
          openLogin(here);
        } else setSearchOpen(true);
      }}
      onWishlist={() => openCustomerPage('/wishlist', WISHLIST_GUARD)}
      onCart={() => openCustomerPage('/cart', CART_GUARD)}
      overlays={
        <Suspense fallback={null}>
          {loginOpen && (
            <LoginDialog
              open={loginOpen}
              mode={loginMode}
              onModeChange={(m) => useUi.setState({ loginMode: m })}
              onClose={dismissLogin}
              onAuthenticated={onAuthenticated}
            />
          )}
          {searchOpen && loggedIn && <SearchOverlay open={searchOpen} onClose={() => setSearchOpen(false)} />}
        </Suspense>
      }
    >
      <ScrollRestoration />
      <FocusMain />
      <PendingShopActionRunner />
      <Outlet />
    </StorefrontLayout>
  );
}
