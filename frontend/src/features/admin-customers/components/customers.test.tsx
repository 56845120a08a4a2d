import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, serveQueries } from '@/testing/server';
import { renderRoutes } from '@/testing/render';
import { openAdmin } from '@/testing/admin';
import { smallScreen } from '@/testing/media';
import { routes } from '@/app/router';
import type { Customer } from '../types';
import { builder } from '@/testing/builder';

const customer = builder<Customer>(() => ({
  id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.in',
  mobile: '9876543210',
  joinedAt: '2026-01-10T05:00:00.000Z',
  orderCount: 3,
  totalSpent: 12499.5,
  lastOrderAt: '2026-11-20T06:00:00.000Z',
}));

const RAVI = customer({ id: '22222222-2222-4222-8222-222222222222', firstName: 'Ravi', lastName: 'Kumar', email: 'ravi@example.in', mobile: null, orderCount: 0, totalSpent: 0, lastOrderAt: null });

function serveCustomers() {
  const asked = serveQueries('/api/customers', (query) => {
    const q = (query.get('q') ?? '').toLowerCase();
    const data = [customer(), RAVI].filter((c) => !q || `${c.firstName} ${c.lastName} ${c.email}`.toLowerCase().includes(q));
    return HttpResponse.json({ data, pagination: { totalItems: data.length, currentPage: 1, limit: 20, totalPages: 1 } });
  });
  server.use(
    http.get('/api/customers/:id', ({ params }) => {
      if (params.id !== customer().id) return HttpResponse.json({ message: 'Customer not found', code: 'not_found' }, { status: 404 });
      return HttpResponse.json({
        data: {
          customer: customer(),
          orders: [
            { id: 'abcdef12-3456-7890-aaaa-bbbbccccdddd', orderDate: '2026-11-20T06:00:00.000Z', createdAt: '2026-11-20T06:00:00.000Z', orderTotal: 2599, deliveryStatus: 'SHIPPED', paymentMethod: 'COD', items: [] },
          ],
        },
        pagination: { totalItems: 1, currentPage: 1, limit: 10, totalPages: 1 },
      });
    }),
  );
  return asked;
}

describe('admin customers', () => {
  it('lists customers with their figures, searches on the server and opens one with their orders', async () => {
    const asked = serveCustomers();
    const { router } = await openAdmin('/admin/customers', 'Customers');
    const table = await screen.findByRole('table', { name: 'Customers' });
    const asha = within(table).getByRole('link', { name: 'Asha Rao' }).closest('tr') as HTMLElement;
    expect(within(asha).getByText('asha@example.in')).toBeInTheDocument();
    expect(within(asha).getByText('3')).toBeInTheDocument();
    expect(within(asha).getByText('₹12,499.50')).toBeInTheDocument();
    const ravi = within(table).getByRole('link', { name: 'Ravi Kumar' }).closest('tr') as HTMLElement;
    expect(within(ravi).getByText('₹0.00')).toBeInTheDocument();

    const u = userEvent.setup();
    await u.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'ravi');
    await waitFor(() => expect(asked.at(-1)?.get('q')).toBe('ravi'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Customers' })).queryByText('Asha Rao')).not.toBeInTheDocument());

    await u.clear(screen.getByRole('searchbox', { name: 'Search customers' }));
    await u.click(await screen.findByRole('link', { name: 'Asha Rao' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Asha Rao' })).toBeInTheDocument();
    const orders = screen.getByRole('list', { name: 'Orders of this customer' });
    expect(within(orders).getByText('SHIPPED')).toBeInTheDocument();
    const link = within(orders).getByRole('link', { name: 'Order abcdef12' });
    expect(link).toHaveAttribute('href', '/admin/order?q=abcdef12-3456-7890-aaaa-bbbbccccdddd');
    await u.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/order'));
  });

  it('asks the server for another sort and says when a customer does not exist', async () => {
    const asked = serveCustomers();
    server.use(http.get('/api/orders/all', () => HttpResponse.json({ data: [], pagination: { totalItems: 0, currentPage: 1, limit: 20, totalPages: 0 }, counts: { all: 0, pending: 0, shipped: 0, delivered: 0, canceled: 0 } })));
    await openAdmin('/admin/customers?sort=spent_desc');
    await screen.findByRole('table', { name: 'Customers' });
    expect(asked.at(-1)?.get('sort')).toBe('spent_desc');

    await renderRoutes(routes, '/admin/customers/99999999-9999-4999-8999-999999999999');
    expect(await screen.findByText('Customer not found')).toBeInTheDocument();
  });

  it('shows cards instead of the table on a phone', async () => {
    const restore = smallScreen();
    try {
      serveCustomers();
      await openAdmin('/admin/customers');
      const cards = await screen.findByRole('list', { name: 'Customers' });
      expect(within(cards).getByRole('link', { name: 'Customer Asha Rao' })).toHaveAttribute('href', `/admin/customers/${customer().id}`);
      expect(screen.queryByRole('table', { name: 'Customers' })).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });
});
