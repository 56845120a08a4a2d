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

/** Every screen but the storefront shell is a lazy chunk. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: StorefrontShell,
    HydrateFallback: PageLoader,
    // A screen that fails renders its error inside the shell, keeping the navigation usable.
    children: [{ ErrorBoundary: RouteError, children: storefrontScreens }],
  },
  // The admin back office: a separate lazy chunk outside the storefront shell.
  { path: '/admin/*', lazy: () => import('./routes/admin'), HydrateFallback: PageLoader, ErrorBoundary: RouteError },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
