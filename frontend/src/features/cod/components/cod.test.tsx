import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderWithApp } from '@/testing/render';
import { signInAdmin } from '@/testing/admin';
import { signIn } from '@/lib/session';
import { user as userFixture } from '@/testing/fixtures';
import { mergePincodes, pincodesFromCsv } from '../pincodes';
import { CodNotice } from './CodNotice';
import { CodSettingsPage } from './CodSettingsPage';
import { PincodeCheck } from './PincodeCheck';

const rules = { codMinOrderValue: null, codMaxOrderValue: 10000, maxOpenCodOrders: 3, maxUnitsPerLine: 10 };

describe('blocked PIN codes from a CSV file', () => {
  it('keeps the 6-digit PIN codes of every cell and counts the rest', () => {
    const csv = 'pincode,city\n"560001",Bengaluru\r\n110001;Delhi\n012345\n';
    expect(pincodesFromCsv(csv)).toEqual({ pincodes: ['560001', '110001'], skipped: 5 });
    expect(mergePincodes(['560001'], ['110001', '560001'])).toEqual(['110001', '560001']);
  });

  it('reads a PIN code written as India Post prints it, with a space after the third digit', () => {
    expect(pincodesFromCsv('400 001\n"411 001"\n4000 01\n')).toEqual({ pincodes: ['400001', '411001'], skipped: 1 });
  });
});

describe('product page PIN check', () => {
  it('says whether the shop delivers there and takes cash on delivery, or why not', async () => {
    server.use(
      http.get('/api/delivery/:pin', ({ params }) => {
        const pin = String(params.pin);
        const blocked = pin === '560001';
        return HttpResponse.json({
          data: {
            pincode: pin,
            state: 'Karnataka',
            delivery: true,
            cod: !blocked,
            message: blocked
              ? 'Delivery available, but cash on delivery is not available for PIN code 560001'
              : 'Delivery available, cash on delivery available',
            rules,
          },
        });
      }),
    );
    renderWithApp(<PincodeCheck />);
    const u = userEvent.setup();
    const field = screen.getByLabelText('Delivery PIN code');
    await u.type(field, '5600');
    await u.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('Enter a 6-digit PIN code')).toBeInTheDocument();
    await u.type(field, '25');
    await u.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(/Delivery available, cash on delivery available \(orders up to ₹10,000\.00\)/)).toBeInTheDocument();
    await u.clear(field);
    await u.type(field, '560001');
    await u.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Delivery available, but cash on delivery is not available for PIN code 560001')).toBeInTheDocument();
  });
});

describe('product page PIN check answers only the PIN code shown', () => {
  it('clears the last answer when a PIN code is refused or the field changes', async () => {
    server.use(
      http.get('/api/delivery/:pin', ({ params }) =>
        HttpResponse.json({
          data: {
            pincode: String(params.pin),
            state: null,
            delivery: false,
            cod: false,
            message: `Sorry, we do not deliver to PIN code ${String(params.pin)} yet`,
            rules,
          },
        }),
      ),
    );
    renderWithApp(<PincodeCheck />);
    const u = userEvent.setup();
    const field = screen.getByLabelText('Delivery PIN code');
    await u.type(field, '999999');
    await u.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Sorry, we do not deliver to PIN code 999999 yet')).toBeInTheDocument();
    await u.clear(field);
    await u.type(field, '0123');
    await u.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('Enter a 6-digit PIN code')).toBeInTheDocument();
    expect(screen.queryByText('Sorry, we do not deliver to PIN code 999999 yet')).not.toBeInTheDocument();

    await u.clear(field);
    await u.type(field, '999999');
    await u.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Sorry, we do not deliver to PIN code 999999 yet')).toBeInTheDocument();
    await u.type(field, '{Backspace}8');
    expect(screen.queryByText('Sorry, we do not deliver to PIN code 999999 yet')).not.toBeInTheDocument();
  });
});

describe('a pasted PIN code with a space', () => {
  it('keeps all six digits in the product page check and the back office settings', async () => {
    signInAdmin();
    server.use(http.get('/api/settings/cod', () => HttpResponse.json({ data: { ...rules, blockedPincodes: [] } })));
    renderWithApp(
      <>
        <PincodeCheck />
        <CodSettingsPage />
      </>,
    );
    const u = userEvent.setup();
    const check = screen.getByLabelText('Delivery PIN code');
    await u.click(check);
    await u.paste('400 001');
    expect(check).toHaveValue('400001');
    const form = await screen.findByRole('form', { name: 'Cash on delivery settings' });
    const blocked = within(form).getByLabelText('PIN code');
    await u.click(blocked);
    await u.paste('400-001 (Mumbai GPO)');
    expect(blocked).toHaveValue('400001');
  });
});

describe('checkout cash-on-delivery notice', () => {
  it('shows the rule that refuses the order before Place Order', async () => {
    signIn('tok', userFixture());
    server.use(
      http.get('/api/checkout/cod', ({ request }) =>
        HttpResponse.json({
          data: {
            available: false,
            code: 'cod_above_maximum',
            message: `Cash on delivery is not available for orders above Rs 10,000.00 (${new URL(request.url).searchParams.get('addressId')})`,
            rules,
          },
        }),
      ),
    );
    renderWithApp(<CodNotice addressId="a-1" cartVersion="12000:l1x2" />);
    expect(await screen.findByRole('status', { name: 'Cash on delivery' })).toHaveTextContent(
      'Cash on delivery is not available for orders above Rs 10,000.00 (a-1)',
    );
  });
});

describe('back office settings', () => {
  it('loads the rules, adds and removes blocked PIN codes and saves what the owner set', async () => {
    signInAdmin();
    let sent: Record<string, unknown> = {};
    server.use(
      http.get('/api/settings/cod', () => HttpResponse.json({ data: { ...rules, blockedPincodes: ['110001'] } })),
      http.put('/api/settings/cod', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ data: { ...rules, ...sent }, message: 'Cash on delivery settings saved' });
      }),
    );
    renderWithApp(<CodSettingsPage />);
    const form = await screen.findByRole('form', { name: 'Cash on delivery settings' });
    expect(within(form).getByLabelText('Largest order (Rs)')).toHaveValue('10000');
    const u = userEvent.setup();
    await u.type(within(form).getByLabelText('Smallest order (Rs)'), '299.999');
    await u.click(within(form).getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter rupees with at most two decimals, or leave empty')).toBeInTheDocument();
    await u.clear(within(form).getByLabelText('Smallest order (Rs)'));
    await u.type(within(form).getByLabelText('Smallest order (Rs)'), '299.50');
    await u.clear(within(form).getByLabelText('Largest order (Rs)'));
    await u.type(within(form).getByLabelText('PIN code'), '560001');
    await u.click(within(form).getByRole('button', { name: 'Add' }));
    await u.click(within(within(form).getByRole('list', { name: 'Blocked PIN codes' })).getAllByTestId('CancelIcon')[0]);
    await u.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cash on delivery settings saved')).toBeInTheDocument();
    expect(sent).toEqual({
      codMinOrderValue: 299.5,
      codMaxOrderValue: null,
      maxOpenCodOrders: 3,
      maxUnitsPerLine: 10,
      blockedPincodes: ['560001'],
    });
  });
});
