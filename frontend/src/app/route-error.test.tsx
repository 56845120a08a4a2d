import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppProviders } from './providers';
import { RouteError } from './routes/route-error';
import { testQueryClient } from '@/testing/render';

/** A screen loaded lazily, as the router loads every screen, whose file fails to load with `error`. */
function openScreenFailingWith(error: Error) {
  const router = createMemoryRouter(
    [{ path: '/', ErrorBoundary: RouteError, children: [{ path: 'cart', lazy: () => Promise.reject(error) }] }],
    { initialEntries: ['/cart'] },
  );
  render(
    <AppProviders client={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('a screen that fails', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('whose file could not be loaded asks to check the connection, and Try again reloads the page', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    openScreenFailingWith(new TypeError('Failed to fetch dynamically imported module: https://shop.in/assets/cart-1a2b3c.js'));

    expect(await screen.findByText('This page could not be loaded. Check your connection and try again.')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('for another reason keeps the generic error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    openScreenFailingWith(new TypeError("Cannot read properties of undefined (reading 'map')"));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });
});
