import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderWithApp } from '@/testing/render';
import { orderItem } from '@/testing/fixtures';
import { ReturnDialog } from './ReturnDialog';

const variants = [
  { id: 'v-m', size: 'M', color: 'Indigo', stock: 4, originalPrice: 999 },
  { id: 'v-l', size: 'L', color: 'Indigo', stock: 1, originalPrice: 999 },
  { id: 'v-s', size: 'S', color: 'Indigo', stock: 0, originalPrice: 999 },
  // Another price: an exchange would ship it at the price paid, so the server refuses it.
  { id: 'v-xxl', size: 'XXL', color: 'Indigo', stock: 5, originalPrice: 2400 },
];

function serveProduct() {
  server.use(http.get('/api/products/p-1', () => HttpResponse.json({ data: { id: 'p-1', variants } })));
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

/** Opens the form for a line of order o-1 (two kurtas by default; `late`: delivered after its expected date), whose request the server accepts: what it was sent, and the close callback. */
function openAcceptedRequest(item = orderItem(), maxQuantity = 2, late = false) {
  const sent: { body: unknown } = { body: null };
  server.use(
    http.post('/api/orders/o-1/returns', async ({ request }) => {
      sent.body = await request.json();
      return HttpResponse.json({ data: { id: 'r-1' } }, { status: 201 });
    }),
  );
  const onClose = vi.fn();
  renderWithApp(<ReturnDialog orderId="o-1" item={item} maxQuantity={maxQuantity} late={late} onClose={onClose} />);
  return { sent, onClose };
}

const SALE_RULE = 'Sale items are refunded only when damaged, defective, not as described or delivered late; you can exchange them.';

describe('return or exchange form', () => {
  it('offers only other sizes in stock at the same price and sends an exchange with the chosen one', async () => {
    serveProduct();
    const { sent, onClose } = openAcceptedRequest();
    await choose('Reason', 'Size too small');
    await userEvent.click(screen.getByRole('radio', { name: 'Exchange for another size or colour' }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'New size or colour' }));
    const offered = within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(offered).toEqual(['Size L · Indigo']);
    await userEvent.click(screen.getByRole('option', { name: 'Size L · Indigo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.body).toEqual({
      kind: 'EXCHANGE',
      reason: 'SIZE_TOO_SMALL',
      lines: [{ orderItemId: 'item-1', quantity: 1, exchangeVariantId: 'v-l' }],
    });
  });

  it('asks for a reason before sending and sends a refund of the chosen pieces', async () => {
    const { sent, onClose } = openAcceptedRequest();
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Please choose a reason')).toBeInTheDocument();
    expect(sent.body).toBeNull();
    await choose('Quantity', '2');
    await choose('Reason', 'Changed my mind');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.body).toEqual({ kind: 'REFUND', reason: 'CHANGED_MY_MIND', lines: [{ orderItemId: 'item-1', quantity: 2 }] });
  });

  it('does not offer a refund of a sale item, and shows the server refusal', async () => {
    serveProduct();
    server.use(
      http.post('/api/orders/o-1/returns', () =>
        HttpResponse.json({ message: 'Cotton Kurta (size L) is out of stock', code: 'out_of_stock' }, { status: 409 }),
      ),
    );
    const onClose = vi.fn();
    renderWithApp(<ReturnDialog orderId="o-1" item={orderItem({ priceAtPurchase: 799, mrp: 999 })} maxQuantity={1} onClose={onClose} />);
    expect(screen.getByRole('radio', { name: 'Refund' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Exchange for another size or colour' })).toBeChecked();
    expect(screen.getByText(SALE_RULE)).toBeInTheDocument();
    await choose('Reason', 'Size too large');
    await userEvent.click(await screen.findByRole('combobox', { name: 'New size or colour' }));
    await userEvent.click(screen.getByRole('option', { name: 'Size L · Indigo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Cotton Kurta (size L) is out of stock')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  // Defect: a sale piece that arrived damaged could not be refunded (the law forbids refusing it).
  it('offers a refund of a sale item that arrived damaged or not as described, and only then', async () => {
    const { sent, onClose } = openAcceptedRequest(orderItem({ priceAtPurchase: 799, mrp: 999 }), 1);
    const refund = () => screen.getByRole('radio', { name: 'Refund' });
    await choose('Reason', 'Damaged or defective');
    expect(refund()).toBeEnabled();
    await userEvent.click(refund());
    // Back to a reason that is not the shop's fault: the refund is withdrawn from the choice.
    await choose('Reason', 'Changed my mind');
    expect(refund()).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Exchange for another size or colour' })).toBeChecked();
    await choose('Reason', 'Not as described');
    await userEvent.click(refund());
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.body).toEqual({ kind: 'REFUND', reason: 'NOT_AS_DESCRIBED', lines: [{ orderItemId: 'item-1', quantity: 1 }] });
  });

  it('does not offer "Delivered late" for an order that came by its expected date', async () => {
    renderWithApp(<ReturnDialog orderId="o-1" item={orderItem()} maxQuantity={1} onClose={vi.fn()} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Reason' }));
    const reasons = within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(reasons).toEqual(['Size too small', 'Size too large', 'Damaged or defective', 'Not as described', 'Changed my mind']);
  });

  it('offers "Delivered late" for a late order, and refunds a sale item for it', async () => {
    const { sent, onClose } = openAcceptedRequest(orderItem({ priceAtPurchase: 799, mrp: 999 }), 1, true);
    await choose('Reason', 'Delivered late');
    await userEvent.click(screen.getByRole('radio', { name: 'Refund' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.body).toEqual({ kind: 'REFUND', reason: 'DELIVERED_LATE', lines: [{ orderItemId: 'item-1', quantity: 1 }] });
  });
});
