import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderRoutes } from '@/testing/render';
import { signInAdmin } from '@/testing/admin';
import { smallScreen } from '@/testing/media';
import { routes } from '@/app/router';
import type { AdminOrder } from '../types';

function order(over: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id: 'abcdef12-3456-7890-aaaa-bbbbccccdddd',
    user: { firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com' },
    items: [
      {
        id: 'oi-1',
        quantity: 2,
        priceAtPurchase: 1299.5,
        lineTotal: 2599,
        product: { id: 'p-1', name: 'Linen Shirt', images: [{ url: '/uploads/shirt.jpg' }], variant: { size: 'M', color: 'Blue', originalPrice: 1299.5 } },
      },
    ],
    paymentMethod: 'COD',
    paymentStatus: 'PENDING',
    deliveryStatus: 'PENDING',
    status: 'pending',
    orderDate: '2025-03-14T10:30:00Z',
    orderTotal: 2599,
    address: { fullName: 'Ravi Kumar', phone: '9876543210', landmark: null, addressLine1: '12 MG Road', addressLine2: 'Flat 4', city: 'Bengaluru', state: 'Karnataka', postalCode: '560001' },
    expectedDeliveryDate: null,
    deliveredOn: null,
    createdAt: '2025-03-14T10:30:00Z',
    history: [{ from: null, to: 'PENDING', changedBy: 'asha', changedAt: '2025-03-14T10:30:00Z' }],
    ...over,
  };
}

function serveOrders(list: () => AdminOrder[] | 'fail') {
  server.use(
    http.get('/api/orders/all', () => {
      const data = list();
      return data === 'fail' ? new HttpResponse(null, { status: 500 }) : HttpResponse.json({ data });
    }),
  );
}

async function openPage() {
  signInAdmin();
  const utils = await renderRoutes(routes, '/admin/order');
  await screen.findByRole('heading', { level: 1, name: 'Orders' });
  return utils;
}

describe('admin orders', () => {
  it('lists orders: short id, first name, total, payment, status and date', async () => {
    serveOrders(() => [order(), order({ id: '99999999-0000', user: { firstName: 'Ravi', lastName: 'K', email: 'r@x.in' }, deliveryStatus: 'DELIVERED' })]);
    await openPage();
    const table = await screen.findByRole('table', { name: 'Orders' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]);
    expect(first.getByText('abcdef12')).toBeInTheDocument();
    expect(first.getByText('Asha')).toBeInTheDocument();
    expect(first.getByText('₹2,599.00')).toBeInTheDocument();
    expect(first.getByText('Cash on Delivery')).toBeInTheDocument();
    expect(first.getAllByText('PENDING').length).toBeGreaterThan(0);
    expect(first.getByText('14 Mar 2025')).toBeInTheDocument();
    expect(within(rows[1]).getByText('99999999')).toBeInTheDocument();
  });

  it('changes a status: the selector waits for the answer, then the notice and the new badge', async () => {
    let current = order();
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let body: unknown = null;
    serveOrders(() => [current]);
    server.use(
      http.put('/api/orders/:id/status', async ({ request, params }) => {
        body = await request.json();
        await gate;
        current = order({ deliveryStatus: 'SHIPPED' });
        return HttpResponse.json({ data: { id: params.id, deliveryStatus: 'SHIPPED' }, message: 'Order status updated' });
      }),
      http.get('/api/orders/pending-count', () => HttpResponse.json({ data: { count: 0 } })),
    );
    await openPage();
    const row = within(within(await screen.findByRole('table', { name: 'Orders' })).getAllByRole('row')[1]);
    const u = userEvent.setup();
    await u.click(row.getByRole('combobox'));
    await u.click(await screen.findByRole('option', { name: 'SHIPPED' }));
    await waitFor(() => expect(row.getByRole('combobox')).toHaveAttribute('aria-disabled', 'true'));
    expect(body).toEqual({ deliveryStatus: 'SHIPPED' });
    release();
    expect(await screen.findByText('Status updated to SHIPPED')).toBeInTheDocument();
    await waitFor(() => expect(row.getByRole('combobox')).not.toHaveAttribute('aria-disabled'));
    expect(row.getAllByText('SHIPPED').length).toBeGreaterThan(0);
  });

  it('a failed status change is only logged: the selector comes back with the old status', async () => {
    serveOrders(() => [order()]);
    server.use(http.put('/api/orders/:id/status', () => new HttpResponse(null, { status: 500 })));
    await openPage();
    const row = within(within(await screen.findByRole('table', { name: 'Orders' })).getAllByRole('row')[1]);
    const u = userEvent.setup();
    await u.click(row.getByRole('combobox'));
    await u.click(await screen.findByRole('option', { name: 'DELIVERED' }));
    await waitFor(() => expect(row.getByRole('combobox')).not.toHaveAttribute('aria-disabled'));
    expect(row.getByRole('combobox')).toHaveTextContent('PENDING');
    expect(screen.queryByText(/Status updated to/)).not.toBeInTheDocument();
  });

  it('shows the details: customer, date, address, items, total and status history', async () => {
    serveOrders(() => [
      order({
        deliveryStatus: 'SHIPPED',
        history: [
          { from: null, to: 'PENDING', changedBy: 'asha', changedAt: '2025-03-14T10:30:00Z' },
          { from: 'PENDING', to: 'SHIPPED', changedBy: 'owner', changedAt: '2025-03-15T09:00:00Z' },
        ],
      }),
    ]);
    await openPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'View details of order abcdef12' }));
    const dialog = await screen.findByRole('dialog', { name: /Order #abcdef12/ });
    expect(within(dialog).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(dialog).getByText('asha@example.com')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('region', { name: 'Order date' })).getByText(/14 Mar 2025/)).toBeInTheDocument();
    expect(within(dialog).getByText(/12 MG Road, Flat 4/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Ravi Kumar/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Phone: \+91-98765-43210/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Bengaluru, Karnataka 560001/)).toBeInTheDocument();
    expect(within(dialog).getByText('Linen Shirt')).toBeInTheDocument();
    expect(within(dialog).getByText(/Size M · Blue · Qty 2/)).toBeInTheDocument();
    expect(within(dialog).getByText('Total').nextElementSibling).toHaveTextContent('₹2,599.00');
    const history = within(dialog).getByRole('region', { name: 'Status history' });
    expect(within(history).getByText('PENDING → SHIPPED')).toBeInTheDocument();
    expect(within(history).getByText(/by owner/)).toBeInTheDocument();
  });

  it('shows cards on a small screen', async () => {
    const restore = smallScreen();
    try {
      serveOrders(() => [order()]);
      await openPage();
      const list = await screen.findByRole('list', { name: 'Orders' });
      const card = within(list).getByRole('listitem', { name: 'Order abcdef12' });
      expect(within(card).getByText('Asha')).toBeInTheDocument();
      expect(within(card).getByText('₹2,599.00')).toBeInTheDocument();
      expect(within(card).getByRole('combobox')).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'View details of order abcdef12' })).toBeInTheDocument();
      expect(screen.queryByRole('table', { name: 'Orders' })).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('shows the empty state', async () => {
    serveOrders(() => []);
    await openPage();
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
  });

  it('tells when the orders cannot be loaded', async () => {
    serveOrders(() => 'fail');
    await openPage();
    expect((await screen.findAllByText('Failed to fetch orders')).length).toBeGreaterThan(0);
  });
});
