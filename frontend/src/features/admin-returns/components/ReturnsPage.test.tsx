import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderWithApp } from '@/testing/render';
import type { ReturnRequest } from '@/lib/api-types';
import { ReturnsPage } from './ReturnsPage';
import { catchDownloads } from '@/testing/downloads';
import { builder } from '@/testing/builder';
import { smallScreen } from '@/testing/media';

const request = builder<ReturnRequest>(() => ({
  id: 'r-1',
  orderId: 'abcdef12-0000-4000-8000-000000000001',
  orderNumber: 'ABCDEF12',
  customerName: 'Asha Rao',
  customerEmail: 'asha@example.in',
  kind: 'REFUND',
  reason: 'CHANGED_MY_MIND',
  status: 'RECEIVED',
  statusLabel: 'Received',
  canWithdraw: false,
  amount: 1998,
  lines: [
    {
      id: 'l-1',
      orderItemId: 'i-1',
      productId: 'p-1',
      variantId: 'v-m',
      productName: 'Linen Shirt',
      size: 'M',
      color: 'White',
      quantity: 2,
      unitPrice: 999,
      exchangeVariantId: null,
      exchangeSize: null,
      exchangeColor: null,
    },
  ],
  restocked: true,
  refund: null,
  nextStatuses: ['REFUNDED'],
  history: [],
  createdAt: '2026-12-02T10:00:00.000Z',
  updatedAt: '2026-12-03T10:00:00.000Z',
}));

describe('back office returns', () => {
  it('filters by status and records a refund to a bank account', async () => {
    const asked: string[] = [];
    let sent: unknown = null;
    server.use(
      http.get('/api/returns', ({ request: req }) => {
        const status = new URL(req.url).searchParams.get('status') ?? '';
        asked.push(status);
        return HttpResponse.json({ data: [request()], pagination: { totalItems: 1, currentPage: 1, limit: 20, totalPages: 1 } });
      }),
      http.put('/api/returns/r-1/status', async ({ request: req }) => {
        sent = await req.json();
        return HttpResponse.json({ data: request({ status: 'REFUNDED', statusLabel: 'Refunded', nextStatuses: [] }), message: 'Request marked refunded' });
      }),
    );
    renderWithApp(<ReturnsPage />);
    const row = await screen.findByRole('row', { name: 'Request for order ABCDEF12' });
    expect(row).toHaveTextContent('Linen Shirt (size M, White) × 2');
    expect(row).toHaveTextContent('₹1,998.00');

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Received' }));
    await waitFor(() => expect(asked).toContain('RECEIVED'));

    await userEvent.click(within(await screen.findByRole('row', { name: 'Request for order ABCDEF12' })).getByRole('button', { name: 'Record refund' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Paid by' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Bank transfer' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Account number' }), '50100123456789');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'IFSC' }), 'hdfc0001234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toEqual({ status: 'REFUNDED', refundMethod: 'BANK', accountNumber: '50100123456789', ifsc: 'HDFC0001234' });
    expect(await screen.findByText('Request marked refunded')).toBeInTheDocument();
  });

  it('downloads the credit note of a refunded request and the invoice of a shipped exchange', async () => {
    const refunded = request({ status: 'REFUNDED', statusLabel: 'Refunded', nextStatuses: [], creditNote: { number: 'CN/26-27/3', issuedOn: '2026-12-04' } });
    const exchanged = request({
      id: 'r-2',
      orderNumber: 'FEDCBA98',
      kind: 'EXCHANGE',
      status: 'EXCHANGE_SHIPPED',
      statusLabel: 'Exchange shipped',
      nextStatuses: [],
      creditNote: { number: 'CN/26-27/4', issuedOn: '2026-12-04' },
      replacementInvoice: { number: 'KP/26-27/9', issuedOn: '2026-12-04' },
    });
    const fetched: string[] = [];
    const pdf = ({ request: req }: { request: Request }) => {
      fetched.push(new URL(req.url).pathname);
      return new HttpResponse(new Uint8Array([37, 80, 68, 70]), { headers: { 'Content-Type': 'application/pdf' } });
    };
    server.use(
      http.get('/api/returns', () => HttpResponse.json({ data: [refunded, exchanged], pagination: { totalItems: 2, currentPage: 1, limit: 20, totalPages: 1 } })),
      http.get('/api/returns/r-1/credit-note.pdf', pdf),
      http.get('/api/returns/r-2/invoice.pdf', pdf),
    );
    const saved = catchDownloads();
    renderWithApp(<ReturnsPage />);
    const first = await screen.findByRole('row', { name: 'Request for order ABCDEF12' });
    expect(within(first).queryByRole('button', { name: /Download invoice/ })).toBeNull();
    await userEvent.click(within(first).getByRole('button', { name: 'Download credit note CN/26-27/3' }));
    const second = screen.getByRole('row', { name: 'Request for order FEDCBA98' });
    await userEvent.click(within(second).getByRole('button', { name: 'Download invoice KP/26-27/9' }));
    await waitFor(() => expect(saved).toEqual(['CN-26-27-3.pdf', 'KP-26-27-9.pdf']));
    expect(fetched).toEqual(['/api/returns/r-1/credit-note.pdf', '/api/returns/r-2/invoice.pdf']);
  });

  it('on a phone shows each request as a card with its actions in reach', async () => {
    const restore = smallScreen();
    try {
      const requested = request({ status: 'REQUESTED', statusLabel: 'Requested', nextStatuses: ['APPROVED', 'REJECTED'] });
      server.use(
        http.get('/api/returns', () => HttpResponse.json({ data: [requested], pagination: { totalItems: 1, currentPage: 1, limit: 20, totalPages: 1 } })),
      );
      renderWithApp(<ReturnsPage />);
      const list = await screen.findByRole('list', { name: 'Return requests' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const card = within(list).getByRole('listitem', { name: 'Request for order ABCDEF12' });
      expect(card).toHaveTextContent('#ABCDEF12');
      expect(card).toHaveTextContent('Asha Rao');
      expect(card).toHaveTextContent('Refund · Changed my mind');
      expect(card).toHaveTextContent('Linen Shirt (size M, White) × 2');
      expect(card).toHaveTextContent('₹1,998.00');
      expect(card).toHaveTextContent('Requested');
      expect(within(card).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
      await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
      expect(await screen.findByRole('dialog', { name: 'Approve · order #ABCDEF12' })).toBeInTheDocument();
    } finally {
      restore();
    }
  });
});
