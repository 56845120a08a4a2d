import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/PageLoader';
import { Component as StorefrontShell } from './routes/storefront-layout';
import { RouteError } from './routes/route-error';

/** Storefront screens, each a lazy chunk. */
const storefrontScreens: RouteObject[] = [
  { index: true, lazy: () => import('./routes/home') },
  { path: 'home', lazy: () => import('./routes/home') },
  { path: 'shop', lazy: () => import('./routes/shop') },
  { path: 'category/:slug', lazy: () => import('./routes/category') },
  { path: 'product/:slug', lazy: () => import('./routes/product') },
  { path: 'cart', lazy: () => import('./routes/cart') },
  { path: 'checkout', lazy: () => import('./routes/checkout') },
  { path: 'wishlist', lazy: () => import('./routes/wishlist') },
  { path: 'about', lazy: () => import('./routes/about') },
  { path: 'blog', lazy: () => import('./routes/blog') },
  { path: 'privacy-policy', lazy: () => import('./routes/privacy') },
  { path: 'terms-and-conditions', lazy: () => import('./routes/terms') },
  { path: 'refund-policy', lazy: () => import('./routes/refund') },
  { path: 'login', lazy: () => import('./routes/login') },
  { path: 'reset-password', lazy: () => import('./routes/reset-password') },
  {
    path: 'myaccount',
    lazy: () => import('./routes/account'),
    children: [
      { index: true, element: <Navigate to="/myaccount/dashboard" replace /> },
      { path: 'dashboard', lazy: () => import('./routes/account-dashboard') },
      { path: 'order', lazy: () => import('./routes/account-orders') },
      { path: 'address', lazy: () => import('./routes/account-addresses') },
      { path: 'account', lazy: () => import('./routes/account-profile') },
      { path: 'password', lazy: () => import('./routes/account-password') },
      { path: '*', element: <Navigate to="/myaccount/dashboard" replace /> },
    ],
  },
  { path: '*', lazy: () => import('./routes/not-found') },
];

/** Back office screens, each a lazy chunk; /admin and unknown paths go to the dashboard. */
const adminScreens: RouteObject[] = [
  { index: true, element: <Navigate to="/admin/dashboard" replace /> },
  { path: 'dashboard', lazy: () => import('./routes/admin/dashboard') },
  { path: 'category', lazy: () => import('./routes/admin/category') },
  { path: 'product', lazy: () => import('./routes/admin/product') },
  { path: 'order', lazy: () => import('./routes/admin/order') },
  { path: 'order/:id/packing-slip', lazy: () => import('./routes/admin/packing-slip') },
  { path: 'returns', lazy: () => import('./routes/admin/returns') },
  { path: 'company', lazy: () => import('./routes/admin/company') },
  { path: 'legal', lazy: () => import('./routes/admin/legal') },
  { path: 'search', lazy: () => import('./routes/admin/search') },
  { path: 'settings', lazy: () => import('./routes/admin/settings') },
  { path: 'reports', lazy: () => import('./routes/admin/reports') },
  { path: 'customers', lazy: () => import('./routes/admin/customers') },
  { path: 'customers/:id', lazy: () => import('./routes/admin/customers') },
  { path: 'audit', lazy: () => import('./routes/admin/audit') },
  { path: '*', element: <Navigate to="/admin/dashboard" replace /> },
];

/** Every screen but the storefront shell is a lazy chunk. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: StorefrontShell,
    HydrateFallback: PageLoader,
    // A screen that fails renders its error inside the shell, keeping the navigation usable.
    children: [{ ErrorBoundary: RouteError, children: storefrontScreens }],
  },
  // The admin back office: lazy chunks outside the storefront shell, behind the admin guard.
  {
    path: '/admin',
    lazy: () => import('./routes/admin/layout'),
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: adminScreens,
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
