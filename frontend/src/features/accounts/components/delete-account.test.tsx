import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderWithApp } from '@/testing/render';
import { user as userFixture } from '@/testing/fixtures';
import { signIn, useSession } from '@/lib/session';
import { DeleteAccount } from './DeleteAccount';

describe('deleting the account', () => {
  it('asks for the password, says what goes and what stays, then signs out', async () => {
    signIn('tok-3', userFixture());
    let sent: unknown = null;
    server.use(
      http.post('/api/users/delete-account', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ message: 'Your account has been deleted' });
      }),
    );
    const onDeleted = vi.fn();
    renderWithApp(<DeleteAccount onDeleted={onDeleted} />);
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByText(/orders stay with the shop/)).toBeInTheDocument();
    // Nothing is sent without the password.
    await u.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(within(dialog).getByText('Please enter your password')).toBeInTheDocument();
    expect(sent).toBeNull();
    await u.type(within(dialog).getByLabelText(/Password/), 'my secret words');
    await u.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(sent).toEqual({ currentPassword: 'my secret words' });
    expect(useSession.getState().token).toBeNull();
    expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument();
  });

  it('shows why the shop cannot delete it yet, in the dialog, and keeps the session', async () => {
    signIn('tok-4', userFixture());
    const reason = 'Your order 3F9A2C1E is not delivered yet: once it is delivered or cancelled, you can delete your account';
    server.use(
      http.post('/api/users/delete-account', () => HttpResponse.json({ message: reason, code: 'open_orders' }, { status: 409 })),
    );
    const onDeleted = vi.fn();
    renderWithApp(<DeleteAccount onDeleted={onDeleted} />);
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await u.type(within(dialog).getByLabelText(/Password/), 'my secret words');
    await u.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(reason);
    expect(onDeleted).not.toHaveBeenCalled();
    expect(useSession.getState().token).toBe('tok-4');
  });
});
