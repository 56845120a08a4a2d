import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { AppProviders } from '@/app/providers';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/** Renders an element inside the app providers and a memory router at `path`. */
export function renderWithApp(
  ui: ReactElement,
  { path = '/', route = '*', extraRoutes = [] }: { path?: string; route?: string; extraRoutes?: RouteObject[] } = {},
) {
  const client = testQueryClient();
  const router = createMemoryRouter([{ path: route, element: ui }, ...extraRoutes], { initialEntries: [path] });
  const utils = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, client, router };
}

/** Renders the real route table at `path`. */
export async function renderRoutes(routes: RouteObject[], path: string) {
  const client = testQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, client, router };
}
