import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, serveQueries } from '@/testing/server';
import { renderRoutes } from '@/testing/render';
import { signInAdmin } from '@/testing/admin';
import { order } from '@/testing/fixtures';
import { smallScreen } from '@/testing/media';
import { routes } from '@/app/router';
import { ordersCsv } from '../lib/csv';
import type { AdminOrder, StatusCounts } from '../types';
import { catchDownloads } from '@/testing/downloads';

const COUNTS: StatusCounts = { all: 2, pending: 1, shipped: 0, delivered: 1, canceled: 0 };

/** Serves GET /api/orders/all as the server does, and records each query string it was asked. */
function serveOrders(list: (query: URLSearchParams) => AdminOrder[] | 'fail', counts: StatusCounts = COUNTS, totalItems?: number) {
  return serveQueries('/api/orders/all', (query) => {
    const data = list(query);
    if (data === 'fail') return new HttpResponse(null, { status: 500 });
    const limit = Number(query.get('limit') ?? 20);
    const total = totalItems ?? data.length;
    return HttpResponse.json({
      data,
      pagination: { totalItems: total, currentPage: Number(query.get('page') ?? 1), limit, totalPages: Math.ceil(total / limit) },
      counts,
    });
  });
}

async function openPage(path = '/admin/order') {
  signInAdmin();
  const utils = await renderRoutes(routes, path);
  await screen.findByRole('heading', { level: 1, name: 'Orders' });
  return utils;
}

async function firstRow() {
  return within(within(await screen.findByRole('table', { name: 'Orders' })).getAllByRole('row')[1]);
}

/** Picks `status` in the row's status selector. */
async function chooseStatus(u: UserEvent, row: Awaited<ReturnType<typeof firstRow>>, status: string) {
  await u.click(row.getByRole('combobox', { name: /Status of order/ }));
  await u.click(await screen.findByRole('option', { name: status }));
}

/** Opens the list and picks `status` for its first order. */
async function openAndChooseStatus(status: string) {
  await openPage();
  const row = await firstRow();
  const u = userEvent.setup();
  await chooseStatus(u, row, status);
  return { row, u };
}

describe('admin orders', () => {
  it('lists orders: short id, customer, total, payment, status and date', async () => {
    serveOrders(() => [order(), order({ id: '99999999-0000', user: { firstName: 'Ravi', lastName: 'K', email: 'r@x.in' }, deliveryStatus: 'DELIVERED' })]);
    await openPage();
    const table = await screen.findByRole('table', { name: 'Orders' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]);
    expect(first.getByText('ABCDEF12')).toBeInTheDocument();
    expect(first.getByText('Asha Rao')).toBeInTheDocument();
    expect(first.getByText('₹2,599.00')).toBeInTheDocument();
    expect(first.getByText('Cash on Delivery')).toBeInTheDocument();
    expect(first.getAllByText('PENDING').length).toBeGreaterThan(0);
    expect(first.getByText('14 Mar 2025')).toBeInTheDocument();
    expect(within(rows[1]).getByText('99999999')).toBeInTheDocument();
  });

  it('writes order numbers in capitals, as the customer\'s history, the returns, the CSV and the e-mails do', async () => {
    serveOrders(() => [order()]);
    await openPage();
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(within(table).getByText('ABCDEF12')).toBeInTheDocument();
    expect(within(table).queryByText('abcdef12')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'View details of order abcdef12' }));
    const dialog = await screen.findByRole('dialog', { name: /Order #/ });
    expect(within(dialog).getByRole('heading', { name: /^Order #ABCDEF12/ })).toBeInTheDocument();

    const restore = smallScreen();
    try {
      cleanup();
      await openPage();
      const card = within(await screen.findByRole('list', { name: 'Orders' })).getByRole('listitem', { name: 'Order abcdef12' });
      expect(within(card).getByText('#ABCDEF12')).toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('searches, filters by tab and dates, and pages on the server; the tabs show the counts', async () => {
    const asked = serveOrders(() => [order()], { all: 45, pending: 12, shipped: 30, delivered: 3, canceled: 0 }, 45);
    await openPage();
    const tabs = screen.getByRole('tablist', { name: 'Order status' });
    expect(await within(tabs).findByRole('tab', { name: 'Pending (12)' })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'All (45)' })).toHaveAttribute('aria-selected', 'true');
    const u = userEvent.setup();

    await u.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'asha');
    await waitFor(() => expect(asked.at(-1)?.get('q')).toBe('asha'));
    // One request for the whole word once typing paused, not one per letter.
    expect(asked.filter((q) => q.get('q') && q.get('q') !== 'asha')).toEqual([]);

    await u.click(within(tabs).getByRole('tab', { name: 'Shipped (30)' }));
    await waitFor(() => expect(asked.at(-1)?.get('status')).toBe('SHIPPED'));
    expect(asked.at(-1)?.get('q')).toBe('asha');

    await u.type(screen.getByLabelText('From'), '2025-03-01');
    await waitFor(() => expect(asked.at(-1)?.get('from')).toBe('2025-03-01'));

    await u.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(asked.at(-1)?.get('page')).toBe('2'));
    expect(asked.at(-1)?.get('limit')).toBe('20');
    expect(screen.getByText('21–40 of 45')).toBeInTheDocument();
  });

  it('takes its filters from the address, as the dashboard links them', async () => {
    const asked = serveOrders(() => [order()]);
    await openPage('/admin/order?status=PENDING&from=2025-03-14&to=2025-03-14');
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    expect(Object.fromEntries(asked[0])).toEqual({ page: '1', limit: '20', status: 'PENDING', from: '2025-03-14', to: '2025-03-14' });
    expect(screen.getByRole('tab', { name: 'Pending (1)' })).toHaveAttribute('aria-selected', 'true');
  });

  it('changes a status forward without a question: the selector waits for the answer, then the notice', async () => {
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
    );
    const { row } = await openAndChooseStatus('SHIPPED');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(row.getByRole('combobox', { name: /Status of order/ })).toHaveAttribute('aria-disabled', 'true'));
    expect(body).toEqual({ deliveryStatus: 'SHIPPED', expectedStatus: 'PENDING' });
    release();
    expect(await screen.findByText('Status updated to SHIPPED')).toBeInTheDocument();
    await waitFor(() => expect(row.getByRole('combobox', { name: /Status of order/ })).not.toHaveAttribute('aria-disabled'));
  });

  it('asks before cancelling: keeping the order sends nothing, confirming sends the change', async () => {
    const sent: unknown[] = [];
    serveOrders(() => [order()]);
    server.use(
      http.put('/api/orders/:id/status', async ({ request, params }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: { id: params.id, deliveryStatus: 'CANCELED' } });
      }),
    );
    const { row, u } = await openAndChooseStatus('CANCELED');
    let dialog = await screen.findByRole('dialog', { name: 'Change this order?' });
    expect(dialog).toHaveTextContent('Cancel this order? Its items go back into stock.');
    await u.click(within(dialog).getByRole('button', { name: 'Keep as it is' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);
    expect(row.getByRole('combobox', { name: /Status of order/ })).toHaveTextContent('PENDING');

    await chooseStatus(u, row, 'CANCELED');
    dialog = await screen.findByRole('dialog', { name: 'Change this order?' });
    await u.click(within(dialog).getByRole('button', { name: 'Yes, mark CANCELED' }));
    await waitFor(() => expect(sent).toEqual([{ deliveryStatus: 'CANCELED', expectedStatus: 'PENDING' }]));
    expect(await screen.findByText('Status updated to CANCELED')).toBeInTheDocument();
  });

  it('warns before cancelling a delivered order that it pays the customer nothing back', async () => {
    serveOrders(() => [order({ deliveryStatus: 'DELIVERED' })]);
    await openAndChooseStatus('CANCELED');
    const dialog = await screen.findByRole('dialog', { name: 'Change this order?' });
    expect(dialog).toHaveTextContent('Cancel this delivered order?');
    expect(dialog).toHaveTextContent('this pays the customer nothing back: a return records the refund.');
  });

  it('asks before a move backwards, and shows the server\'s message when the change fails', async () => {
    serveOrders(() => [order({ deliveryStatus: 'DELIVERED' })]);
    server.use(
      http.put('/api/orders/:id/status', () =>
        HttpResponse.json({ message: 'Only 1 left of Linen Shirt (size M)', code: 'out_of_stock' }, { status: 409 }),
      ),
    );
    const { row, u } = await openAndChooseStatus('SHIPPED');
    const dialog = await screen.findByRole('dialog', { name: 'Change this order?' });
    expect(dialog).toHaveTextContent('Move this order back from DELIVERED to SHIPPED?');
    await u.click(within(dialog).getByRole('button', { name: 'Yes, mark SHIPPED' }));
    expect(await screen.findByText('Only 1 left of Linen Shirt (size M)')).toBeInTheDocument();
    await waitFor(() => expect(row.getByRole('combobox', { name: /Status of order/ })).not.toHaveAttribute('aria-disabled'));
    expect(row.getByRole('combobox', { name: /Status of order/ })).toHaveTextContent('DELIVERED');
  });

  it('marks the selected orders shipped in one call and names the ones that were refused', async () => {
    let body: unknown = null;
    serveOrders(() => [order(), order({ id: '99999999-0000-0000-0000-000000000000', user: { firstName: 'Ravi', lastName: 'K', email: 'r@x.in' } })]);
    server.use(
      http.post('/api/orders/bulk-status', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          data: [
            { orderId: 'abcdef12-3456-7890-aaaa-bbbbccccdddd', status: 200, order: order({ deliveryStatus: 'SHIPPED' }), error: null },
            { orderId: '99999999-0000-0000-0000-000000000000', status: 409, order: null, error: { message: 'Linen Shirt (size M) is out of stock', code: 'out_of_stock' } },
          ],
          updated: 1,
          failed: 1,
          message: '1 orders updated, 1 could not be changed',
        });
      }),
    );
    await openPage();
    const u = userEvent.setup();
    const toolbar = screen.getByRole('toolbar', { name: 'Selected orders' });
    expect(within(toolbar).getByRole('button', { name: 'Mark shipped' })).toBeDisabled();
    await u.click(await screen.findByRole('checkbox', { name: 'Select every order on this page' }));
    expect(within(toolbar).getByText('2 selected')).toBeInTheDocument();
    await u.click(within(toolbar).getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() =>
      expect(body).toEqual({
        orderIds: ['abcdef12-3456-7890-aaaa-bbbbccccdddd', '99999999-0000-0000-0000-000000000000'],
        deliveryStatus: 'SHIPPED',
        // What the owner saw: an order changed since is refused, not overruled.
        expectedStatuses: { 'abcdef12-3456-7890-aaaa-bbbbccccdddd': 'PENDING', '99999999-0000-0000-0000-000000000000': 'PENDING' },
      }),
    );
    expect(await screen.findByText(/1 orders updated, 1 could not be changed: #99999999 Linen Shirt \(size M\) is out of stock/)).toBeInTheDocument();
    // The refused order stays selected for another try.
    expect(within(toolbar).getByText('1 selected')).toBeInTheDocument();
  });

  it('asks before a bulk change that would move an order back', async () => {
    let calls = 0;
    serveOrders(() => [order({ deliveryStatus: 'DELIVERED' })]);
    server.use(
      http.post('/api/orders/bulk-status', () => {
        calls += 1;
        return HttpResponse.json({ data: [], updated: 0, failed: 0, message: '' });
      }),
    );
    await openPage();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('checkbox', { name: 'Select order abcdef12' }));
    await u.click(screen.getByRole('button', { name: 'Mark shipped' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the selected orders?' });
    expect(dialog).toHaveTextContent('1 of the 1 selected orders would move back or be reopened as SHIPPED');
    await u.click(within(dialog).getByRole('button', { name: 'Keep as it is' }));
    expect(calls).toBe(0);
  });

  it('shows the details: customer, date, address, items, total and who changed the status', async () => {
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
    const dialog = await screen.findByRole('dialog', { name: /Order #ABCDEF12/ });
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

  it('keeps an item\'s price in the line\'s flow, wrapping under the size and colour on a phone instead of over them', async () => {
    serveOrders(() => [order()]);
    await openPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'View details of order abcdef12' }));
    const dialog = await screen.findByRole('dialog', { name: /Order #/ });
    const line = within(within(dialog).getByRole('region', { name: 'Items' })).getAllByRole('listitem')[0];
    const price = within(line).getByText('₹2,599.00');
    const row = price.parentElement as HTMLElement;
    expect(row).toContainElement(within(line).getByText(/Size M · Blue · Qty 2/));
    expect(getComputedStyle(row).flexWrap).toBe('wrap');
    // Not MUI's secondary action, which sits absolutely over the end of the text.
    for (let el: HTMLElement | null = price; el && el !== line; el = el.parentElement) {
      expect(getComputedStyle(el).position).not.toBe('absolute');
    }
    expect(getComputedStyle(price).whiteSpace).toBe('nowrap');
  });

  it('prints a packing slip from the details: the address with its phone, the pieces and the cash to collect', async () => {
    const asked = serveOrders(() => [order()]);
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    try {
      await openPage();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'View details of order abcdef12' }));
      const dialog = await screen.findByRole('dialog', { name: /Order #ABCDEF12/ });
      await user.click(within(dialog).getByRole('link', { name: 'Packing slip' }));

      const slip = await screen.findByRole('article', { name: 'Packing slip · Order #ABCDEF12' });
      // The order is read by its whole number.
      expect(asked.at(-1)?.get('q')).toBe('abcdef12-3456-7890-aaaa-bbbbccccdddd');
      const shipTo = within(slip).getByRole('region', { name: 'Ship to' });
      expect(shipTo).toHaveTextContent('Ravi Kumar');
      expect(shipTo).toHaveTextContent('12 MG Road, Flat 4');
      expect(shipTo).toHaveTextContent('Bengaluru, Karnataka 560001');
      expect(shipTo).toHaveTextContent('Phone: +91-98765-43210');
      expect(within(slip).getByRole('region', { name: 'From' })).toHaveTextContent('Test Shop');
      expect(within(slip).getByRole('region', { name: 'From' })).toHaveTextContent('1 MG Road 560001');
      const rows = within(within(slip).getByRole('table', { name: 'Pieces to pack' })).getAllByRole('row');
      expect(rows[1]).toHaveTextContent(/Linen Shirt\s*M\s*Blue\s*2/);
      expect(slip).toHaveTextContent('2 pieces in all.');
      expect(slip).toHaveTextContent('Collect ₹2,599.00 in cash on delivery.');

      await user.click(screen.getByRole('button', { name: 'Print' }));
      expect(print).toHaveBeenCalledTimes(1);
    } finally {
      print.mockRestore();
    }
  });

  it('marks the packing slip of a cancelled order not to be shipped, with nothing to collect', async () => {
    serveOrders(() => [order({ deliveryStatus: 'CANCELED' })]);
    signInAdmin();
    await renderRoutes(routes, '/admin/order/abcdef12-3456-7890-aaaa-bbbbccccdddd/packing-slip');
    const slip = await screen.findByRole('article', { name: 'Packing slip · Order #ABCDEF12' });
    expect(within(slip).getByRole('alert')).toHaveTextContent('This order is cancelled: do not ship it.');
    expect(slip).not.toHaveTextContent('Collect');
  });

  it('says so when a packing slip is asked for an order that does not exist', async () => {
    serveOrders(() => []);
    signInAdmin();
    await renderRoutes(routes, '/admin/order/00000000-0000-4000-8000-000000000000/packing-slip');
    expect(await screen.findByText('There is no order 00000000.')).toBeInTheDocument();
  });

  it('shows cards on a small screen', async () => {
    const restore = smallScreen();
    try {
      serveOrders(() => [order()]);
      await openPage();
      const list = await screen.findByRole('list', { name: 'Orders' });
      const card = within(list).getByRole('listitem', { name: 'Order abcdef12' });
      expect(within(card).getByText('Asha Rao')).toBeInTheDocument();
      expect(within(card).getByText('₹2,599.00')).toBeInTheDocument();
      expect(within(card).getByRole('combobox', { name: /Status of order/ })).toBeInTheDocument();
      expect(within(card).getByRole('checkbox', { name: 'Select order abcdef12' })).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'View details of order abcdef12' })).toBeInTheDocument();
      expect(screen.queryByRole('table', { name: 'Orders' })).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('shows the empty state, and says when filters match nothing', async () => {
    serveOrders(() => []);
    await openPage();
    expect(await screen.findByText('Orders placed by customers show up here.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: /Shipped/ }));
    expect(await screen.findByText('No order matches these filters.')).toBeInTheDocument();
  });

  it('tells when the orders cannot be loaded', async () => {
    serveOrders(() => 'fail');
    await openPage();
    expect((await screen.findAllByText('Failed to fetch orders')).length).toBeGreaterThan(0);
  });
});

describe('orders export', () => {
  it('asks the server for every order the filters select, and saves its file', async () => {
    const asked = serveOrders(() => [order()], COUNTS, 45);
    const exported = serveQueries('/api/orders/export', () => new HttpResponse('\uFEFFOrder\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }));
    const saved = catchDownloads();
    await openPage('/admin/order?status=SHIPPED&q=asha&from=2025-03-01&to=2025-03-31&sort=total_desc&page=2');
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export all matching (CSV)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    // The list's filters, not its page or sort; and no page of the list fetched for it.
    expect(Object.fromEntries(exported[0])).toEqual({ status: 'SHIPPED', q: 'asha', from: '2025-03-01', to: '2025-03-31' });
    expect(asked.some((q) => q.get('limit') === '100')).toBe(false);
  });

  it('says so when the server refuses the export', async () => {
    serveOrders(() => [order()]);
    server.use(http.get('/api/orders/export', () => HttpResponse.json({ message: 'The start date must not be after the end date', code: 'invalid_date_range' }, { status: 422 })));
    await openPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export all matching (CSV)' }));
    expect(await screen.findByText('The start date must not be after the end date')).toBeInTheDocument();
  });
});

describe('orders CSV', () => {
  it('writes one row per order, keeps Devanagari and neutralises formula cells', () => {
    const csv = ordersCsv([
      order({ user: { firstName: '=HYPERLINK("x")', lastName: 'आशा', email: '+91@example.in' } }),
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Order,Order ID,Date,Customer,E-mail,Status,Payment,Items,Total (INR),Address,City,State,PIN code');
    expect(lines[1]).toContain('ABCDEF12,abcdef12-3456-7890-aaaa-bbbbccccdddd,2025-03-14T10:30:00Z');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") आशा"`);
    expect(lines[1]).toContain("'+91@example.in");
    expect(lines[1]).toContain('2 x Linen Shirt (M, Blue)');
    expect(lines[1]).toContain('2599.00');
  });
});
