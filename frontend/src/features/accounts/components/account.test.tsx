import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderWithApp } from '@/testing/render';
import { user as userFixture } from '@/testing/fixtures';
import { typeAddress } from '@/testing/accounts';
import { signIn, useSession } from '@/lib/session';
import { AddressBook } from './AddressBook';
import { ProfilePanel } from './ProfilePanel';
import type { Address } from '../types';

describe('profile', () => {
  it('view mode, Edit Profile, save shows Profile updated! and keeps the e-mail read-only', async () => {
    signIn('tok', userFixture());
    let sent: Record<string, unknown> = {};
    server.use(
      http.get('/api/auth/me', () => HttpResponse.json({ data: { user: userFixture() } })),
      http.put('/api/users/profile', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ data: { user: userFixture({ firstName: 'Asha', mobile: '9876543210' }) }, message: 'ok' });
      }),
    );
    renderWithApp(<ProfilePanel />);
    const first = await screen.findByLabelText(/First name/);
    expect(first).toHaveAttribute('readonly');
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(first).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toBeDisabled();
    await u.clear(first);
    await u.type(first, 'Asha');
    await u.type(screen.getByLabelText('Mobile'), '98765 43210');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated!')).toBeInTheDocument();
    expect(sent).toMatchObject({ firstName: 'Asha', mobile: '9876543210', username: 'asha' });
    expect(sent).not.toHaveProperty('email');
    expect(useSession.getState().user?.firstName).toBe('Asha');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument());
  });

  it('Mobile takes +91, 91 and 0 forms with spaces and hyphens and saves the 10-digit number typed', async () => {
    signIn('tok', userFixture());
    const sent: unknown[] = [];
    server.use(
      http.get('/api/auth/me', () => HttpResponse.json({ data: { user: userFixture() } })),
      http.put('/api/users/profile', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body.mobile);
        return HttpResponse.json({ data: { user: userFixture({ mobile: String(body.mobile) }) }, message: 'ok' });
      }),
    );
    renderWithApp(<ProfilePanel />);
    const u = userEvent.setup();
    for (const typed of ['+91 98765 43210', '91-98765-43210', '098765 43210']) {
      await u.click(await screen.findByRole('button', { name: 'Edit Profile' }));
      const mobile = screen.getByLabelText('Mobile');
      expect(mobile).toHaveAttribute('inputmode', 'tel');
      await u.clear(mobile);
      await u.type(mobile, typed);
      expect(mobile).toHaveValue(typed);
      await u.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument());
    }
    expect(sent).toEqual(['9876543210', '9876543210', '9876543210']);
  });

  it('Mobile refuses what is not an Indian mobile number, with the address form\'s message', async () => {
    signIn('tok', userFixture());
    let calls = 0;
    server.use(
      http.get('/api/auth/me', () => HttpResponse.json({ data: { user: userFixture() } })),
      http.put('/api/users/profile', () => {
        calls += 1;
        return HttpResponse.json({ data: { user: userFixture() }, message: 'ok' });
      }),
    );
    renderWithApp(<ProfilePanel />);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    for (const typed of ['+91 98765 432109', '98765x43210', '58765 43210']) {
      const mobile = screen.getByLabelText('Mobile');
      await u.clear(mobile);
      await u.type(mobile, typed);
      await u.click(screen.getByRole('button', { name: 'Save' }));
      expect(screen.getByText('Mobile number must be a valid 10-digit Indian number')).toBeInTheDocument();
    }
    expect(calls).toBe(0);
  });

  it('a failed save shows Update failed!', async () => {
    signIn('tok', userFixture());
    server.use(
      http.get('/api/auth/me', () => HttpResponse.json({ data: { user: userFixture() } })),
      http.put('/api/users/profile', () => HttpResponse.json({ message: 'Username taken', code: 'conflict' }, { status: 409 })),
    );
    renderWithApp(<ProfilePanel />);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update failed!')).toBeInTheDocument();
  });
});

describe('address book', () => {
  const addresses: Address[] = [
    { id: 'a-1', userId: 'u-1', fullName: 'Asha Rao', phone: '9876543210', landmark: null, addressLine1: '1 MG Road', addressLine2: null, city: 'Bengaluru', state: 'Karnataka', postalCode: '560001', isDefault: true },
    { id: 'a-2', userId: 'u-1', fullName: 'Asha Rao', phone: null, landmark: 'Near the lake', addressLine1: '2 Park St', addressLine2: null, city: 'Kolkata', state: 'West Bengal', postalCode: '700016', isDefault: false },
  ];

  it('the default address cannot be deleted; another is deleted after confirmation', async () => {
    signIn('tok', userFixture());
    let list = addresses;
    server.use(
      http.get('/api/addresses', () => HttpResponse.json({ data: list })),
      http.delete('/api/addresses/:id', ({ params }) => {
        list = list.filter((a) => a.id !== params.id);
        return HttpResponse.json({ message: 'deleted' });
      }),
    );
    renderWithApp(<AddressBook />);
    const u = userEvent.setup();
    const deletes = await screen.findAllByRole('button', { name: 'Delete' });
    await u.click(deletes[0]);
    expect(await screen.findByText('Default address cannot be deleted!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await u.click(deletes[1]);
    const dialog = await screen.findByRole('dialog', { name: 'Delete address?' });
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Address deleted!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('2 Park St')).not.toBeInTheDocument());
  });

  it('adds an address and reloads the list', async () => {
    signIn('tok', userFixture());
    let list: typeof addresses = [];
    server.use(
      http.get('/api/addresses', () => HttpResponse.json({ data: list })),
      http.post('/api/addresses', async ({ request }) => {
        const body = (await request.json()) as (typeof addresses)[number];
        // The server stores the mobile as its 10 digits.
        list = [{ ...body, phone: String(body.phone).replace(/\D/g, ''), id: 'a-9', userId: 'u-1' }];
        return HttpResponse.json({ data: list[0], message: 'Address added' }, { status: 201 });
      }),
    );
    renderWithApp(<AddressBook />);
    expect(await screen.findByText('No addresses yet')).toBeInTheDocument();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Add New Address' }));
    await typeAddress(u, { fullName: 'Ravi Kumar', phone: '98765 43210', addressLine1: '9 Residency Rd', city: 'Bengaluru', state: 'Karnataka', postalCode: '560025' });
    await u.click(screen.getByRole('button', { name: 'Add Address' }));
    expect(await screen.findByText('Address added!')).toBeInTheDocument();
    expect(await screen.findByText('9 Residency Rd')).toBeInTheDocument();
    expect(screen.getByText('Ravi Kumar')).toBeInTheDocument();
    expect(screen.getByText('Phone: +91-98765-43210')).toBeInTheDocument();
  });

  it('shows the server\'s reason when a PIN code is not in the chosen state', async () => {
    signIn('tok', userFixture());
    server.use(
      http.get('/api/addresses', () => HttpResponse.json({ data: [] })),
      http.post('/api/addresses', () =>
        HttpResponse.json(
          { message: 'This PIN code is not in Goa', code: 'pin_not_in_state', field: 'postalCode' },
          { status: 422 },
        ),
      ),
    );
    renderWithApp(<AddressBook />);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Add New Address' }));
    await typeAddress(u, { fullName: 'Ravi Kumar', phone: '9876543210', addressLine1: '9 Beach Road', city: 'Panaji', state: 'Goa', postalCode: '400001' });
    await u.click(screen.getByRole('button', { name: 'Add Address' }));
    const pin = screen.getByLabelText(/PIN code/);
    await waitFor(() => expect(pin).toHaveAttribute('aria-invalid', 'true'));
    expect(pin).toHaveAccessibleDescription('This PIN code is not in Goa');
    expect(screen.getByRole('form', { name: 'New address' })).toBeInTheDocument();
  });

  it('keeps a refused PIN code marked, with the reason under it, until the PIN or the state changes', async () => {
    signIn('tok', userFixture());
    server.use(
      http.get('/api/addresses', () => HttpResponse.json({ data: [] })),
      http.post('/api/addresses', async ({ request }) => {
        const { state } = (await request.json()) as { state: string };
        return HttpResponse.json(
          { message: `This PIN code is not in ${state}`, code: 'pin_not_in_state', field: 'postalCode' },
          { status: 422 },
        );
      }),
    );
    renderWithApp(<AddressBook />);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Add New Address' }));
    await typeAddress(u, { fullName: 'Ravi Kumar', phone: '9876543210', addressLine1: '9 MG Road', city: 'Mumbai', state: 'Karnataka', postalCode: '400001' });
    await u.click(screen.getByRole('button', { name: 'Add Address' }));
    const pin = screen.getByLabelText(/PIN code/);
    await waitFor(() => expect(pin).toHaveAccessibleDescription('This PIN code is not in Karnataka'));
    expect(pin).toHaveAttribute('aria-invalid', 'true');
    // Still there after the notice has gone (4 s): another field's edit does not clear it.
    await u.type(screen.getByLabelText(/^City/), ' City');
    expect(pin).toHaveAttribute('aria-invalid', 'true');
    await u.click(screen.getByLabelText(/^State/));
    await u.click(await screen.findByRole('option', { name: 'Maharashtra' }));
    expect(pin).toHaveAttribute('aria-invalid', 'false');
    expect(pin).not.toHaveAccessibleDescription('This PIN code is not in Karnataka');

    await u.click(screen.getByRole('button', { name: 'Add Address' }));
    await waitFor(() => expect(pin).toHaveAccessibleDescription('This PIN code is not in Maharashtra'));
    await u.type(pin, '{Backspace}2');
    expect(pin).toHaveAttribute('aria-invalid', 'false');
  });
});
