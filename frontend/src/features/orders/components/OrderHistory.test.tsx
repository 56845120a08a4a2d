import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderRoutes } from '@/testing/render';
import { order, orderItem } from '@/testing/fixtures';
import { signInShopper } from '@/testing/shopper';
import { routes } from '@/app/router';
import type { Order } from '../types';
import { catchDownloads } from '@/testing/downloads';
import { READABLE } from '@/theme/contrast';

/** One of asha's orders, its status that of its last change. */
function placed(id: string, history: Order['history']): Order {
  const last = (history?.[history.length - 1]?.to ?? 'PENDING') as Order['deliveryStatus'];
  return order({ id, items: [], deliveryStatus: last, status: last.toLowerCase(), history });
}

describe('order history', () => {
  it('says who changed each order by role: You or Shop', async () => {
    signInShopper(
      http.get('/api/orders/my-orders', () =>
        HttpResponse.json({
          data: [
            placed('aaaaaaaa-1111', [
              { from: null, to: 'PENDING', changedBy: 'You', changedAt: '2026-01-02T10:00:00Z' },
              { from: 'PENDING', to: 'SHIPPED', changedBy: 'Shop', changedAt: '2026-01-03T09:00:00Z' },
            ]),
            placed('bbbbbbbb-2222', [
              { from: null, to: 'PENDING', changedBy: 'You', changedAt: '2026-01-02T10:00:00Z' },
              { from: 'PENDING', to: 'CANCELED', changedBy: 'You', changedAt: '2026-01-02T11:00:00Z' },
            ]),
          ],
        }),
      ),
    );
    await renderRoutes(routes, '/myaccount/order');
    const shipped = await screen.findByRole('article', { name: 'Order aaaaaaaa' });
    const shippedUpdates = within(within(shipped).getByRole('region', { name: 'Order updates' })).getAllByRole('listitem');
    expect(shippedUpdates.map((li) => li.textContent)).toEqual(['Order placed by You · 2 Jan 2026', 'Shipped by Shop · 3 Jan 2026']);
    const cancelled = screen.getByRole('article', { name: 'Order bbbbbbbb' });
    expect(within(cancelled).getByRole('region', { name: 'Order updates' })).toHaveTextContent('Cancelled by You');
  });

  it('shows a pending order’s status chip in the colours checked for contrast', async () => {
    signInShopper(http.get('/api/orders/my-orders', () => HttpResponse.json({ data: [order({ id: 'dddddddd-4444', items: [] })] })));
    await renderRoutes(routes, '/myaccount/order');
    const card = await screen.findByRole('article', { name: 'Order dddddddd' });
    const chip = within(card).getByText('Pending').closest('.MuiChip-root');
    expect(chip).toHaveStyle({ backgroundColor: READABLE.warningChip.background, color: READABLE.warningChip.text });
  });

  it('prints the delivery landmark as the shopper typed it', async () => {
    const withLandmark = order({ id: 'cccccccc-3333', items: [] });
    withLandmark.address = { ...withLandmark.address!, landmark: 'Opp. Cool Joint' };
    signInShopper(http.get('/api/orders/my-orders', () => HttpResponse.json({ data: [withLandmark] })));
    await renderRoutes(routes, '/myaccount/order');
    const card = await screen.findByRole('article', { name: 'Order cccccccc' });
    expect(within(card).getByText(/Deliver to:/)).toHaveTextContent('Deliver to: Ravi Kumar, 12 MG Road, Flat 4, Opp. Cool Joint, Bengaluru');
  });

  it('pages through a long history, ten orders at a time, asking the server for each page', async () => {
    const asked: string[] = [];
    signInShopper(
      http.get('/api/orders/my-orders', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query.toString());
        const page = Number(query.get('page'));
        const ids = page === 1 ? ['aaaaaaaa-1111'] : ['cccccccc-3333'];
        return HttpResponse.json({
          data: ids.map((id) => placed(id, [{ from: null, to: 'PENDING', changedBy: 'You', changedAt: '2026-01-02T10:00:00Z' }])),
          pagination: { totalItems: 12, currentPage: page, limit: 10, totalPages: 2 },
        });
      }),
    );
    await renderRoutes(routes, '/myaccount/order');
    expect(await screen.findByRole('article', { name: 'Order aaaaaaaa' })).toBeInTheDocument();
    expect(asked).toEqual(['page=1&limit=10']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByRole('article', { name: 'Order cccccccc' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Order aaaaaaaa' })).not.toBeInTheDocument());
    expect(asked).toEqual(['page=1&limit=10', 'page=2&limit=10']);
  });
});

describe('tax invoice downloads', () => {
  it('offers the invoice once the order shipped, fetched with the session and saved under its number', async () => {
    let asked: string | null = null;
    signInShopper(
      http.get('/api/orders/my-orders', () =>
        HttpResponse.json({
          data: [
            { ...placed('aaaaaaaa-1111', [{ from: null, to: 'SHIPPED', changedBy: 'Shop', changedAt: '2026-01-03T09:00:00Z' }]), invoice: { number: 'KP/26-27/7', issuedOn: '2026-01-03' } },
            placed('bbbbbbbb-2222', [{ from: null, to: 'PENDING', changedBy: 'You', changedAt: '2026-01-02T10:00:00Z' }]),
          ],
        }),
      ),
      http.get('/api/orders/aaaaaaaa-1111/invoice.pdf', ({ request }) => {
        asked = request.headers.get('Authorization');
        return new HttpResponse(new Uint8Array([37, 80, 68, 70]), { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    const saved = catchDownloads();
    await renderRoutes(routes, '/myaccount/order');
    const shipped = await screen.findByRole('article', { name: 'Order aaaaaaaa' });
    const pending = screen.getByRole('article', { name: 'Order bbbbbbbb' });
    expect(within(pending).queryByRole('button', { name: /Download invoice/ })).toBeNull();
    within(shipped).getByRole('button', { name: 'Download invoice KP/26-27/7' }).click();
    await waitFor(() => expect(saved).toEqual(['KP-26-27-7.pdf']));
    expect(asked).toBe('Bearer tok');
  });
});

describe('returns and exchanges on the order history', () => {
  it('offers a return per line of a delivered order within its window and shows each request’s status', async () => {
    const delivered = (id: string, daysAgo: number): Order => ({
      ...placed(id, [{ from: null, to: 'DELIVERED', changedBy: 'Shop', changedAt: '2026-01-03T09:00:00Z' }]),
      items: [orderItem({ id: `${id}-item` })],
      deliveredOn: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
    });
    signInShopper(
      http.get('/api/orders/my-orders', () => HttpResponse.json({ data: [delivered('aaaaaaaa-1111', 1), delivered('bbbbbbbb-2222', 10)] })),
      http.get('/api/returns/my', () =>
        HttpResponse.json({
          data: [
            {
              id: 'r-1',
              orderId: 'aaaaaaaa-1111',
              kind: 'EXCHANGE',
              status: 'APPROVED',
              statusLabel: 'Approved',
              lines: [{ id: 'l-1', orderItemId: 'aaaaaaaa-1111-item', productName: 'Cotton Kurta', size: 'M', color: 'Indigo', quantity: 1, exchangeSize: 'L' }],
              history: [{ from: 'REQUESTED', to: 'APPROVED', note: 'Courier comes tomorrow', changedAt: '2026-01-04T09:00:00Z' }],
              refund: null,
            },
          ],
        }),
      ),
    );
    await renderRoutes(routes, '/myaccount/order');
    const recent = await screen.findByRole('article', { name: 'Order aaaaaaaa' });
    const returns = await within(recent).findByRole('region', { name: 'Returns and exchanges' });
    expect(returns).toHaveTextContent('Approved');
    expect(returns).toHaveTextContent('Exchange: Cotton Kurta (size M) × 1 → size L · Courier comes tomorrow');
    // One of the two pieces is still returnable.
    expect(within(recent).getByRole('button', { name: 'Return or exchange Cotton Kurta' })).toBeInTheDocument();
    // Delivered ten days ago: the window has closed.
    const old = screen.getByRole('article', { name: 'Order bbbbbbbb' });
    expect(within(old).queryByRole('button', { name: /Return or exchange/ })).toBeNull();
  });

  it('lets the shopper withdraw a request until its pickup, after asking, and offers the pieces again', async () => {
    const deliveredOrder: Order = {
      ...placed('aaaaaaaa-1111', [{ from: null, to: 'DELIVERED', changedBy: 'Shop', changedAt: '2026-01-03T09:00:00Z' }]),
      items: [orderItem({ id: 'item-1', quantity: 1 })],
      deliveredOn: new Date(Date.now() - 86_400_000).toISOString(),
    };
    const request = (status: 'APPROVED' | 'WITHDRAWN') => ({
      id: 'r-1',
      orderId: 'aaaaaaaa-1111',
      kind: 'EXCHANGE',
      status,
      statusLabel: status === 'APPROVED' ? 'Approved' : 'Withdrawn',
      canWithdraw: status === 'APPROVED',
      lines: [{ id: 'l-1', orderItemId: 'item-1', productName: 'Cotton Kurta', size: 'M', color: 'Indigo', quantity: 1, exchangeSize: 'L' }],
      history: [],
      refund: null,
    });
    let withdrawn = false;
    signInShopper(
      http.get('/api/orders/my-orders', () => HttpResponse.json({ data: [deliveredOrder] })),
      http.get('/api/returns/my', () => HttpResponse.json({ data: [request(withdrawn ? 'WITHDRAWN' : 'APPROVED')] })),
      http.post('/api/returns/r-1/withdraw', () => {
        withdrawn = true;
        return HttpResponse.json({ data: request('WITHDRAWN'), message: 'Your request has been withdrawn' });
      }),
    );
    const user = userEvent.setup();
    await renderRoutes(routes, '/myaccount/order');
    const card = await screen.findByRole('article', { name: 'Order aaaaaaaa' });
    const returns = await within(card).findByRole('region', { name: 'Returns and exchanges' });
    // The one piece is in the request: no new request for it while the request stands.
    expect(within(card).queryByRole('button', { name: /Return or exchange/ })).toBeNull();

    await user.click(within(returns).getByRole('button', { name: 'Withdraw exchange request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this request?' });
    expect(withdrawn).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, withdraw' }));

    expect(await screen.findByText('Your request has been withdrawn')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(returns).toHaveTextContent('Withdrawn'));
    expect(within(returns).queryByRole('button', { name: /Withdraw/ })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Return or exchange Cotton Kurta' })).toBeInTheDocument();
  });
});
