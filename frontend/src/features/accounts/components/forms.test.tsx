import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderWithApp } from '@/testing/render';
import { addressInput, submitPasswordChange, typeAddress, submitRegistration } from '@/testing/accounts';
import { user as userFixture } from '@/testing/fixtures';
import { useSession } from '@/lib/session';
import type { LoginMode } from '@/lib/ui';
import { LoginDialog } from './LoginDialog';
import { AddressForm } from './AddressForm';
import { ChangePasswordForm } from './ChangePasswordForm';

function renderLogin(mode: LoginMode = 'login') {
  const onAuthenticated = vi.fn();
  let current = mode;
  const utils = renderWithApp(
    <LoginDialog
      open
      mode={current}
      onModeChange={(m) => {
        current = m;
      }}
      onClose={() => {}}
      onAuthenticated={onAuthenticated}
    />,
  );
  return { ...utils, onAuthenticated };
}

describe('Sign In form', () => {
  it('shows the required-field messages and sends nothing', async () => {
    const calls = vi.fn();
    server.use(http.post('/api/auth/login', () => (calls(), HttpResponse.json({}))));
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email or username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls).not.toHaveBeenCalled();
  });

  it('signs in, stores the session and greets the user', async () => {
    let body: unknown = null;
    server.use(
      http.post('/api/auth/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ token: 'tok', user: userFixture(), message: 'Welcome back, asha!' });
      }),
    );
    const { onAuthenticated } = renderLogin();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/Email or username/), 'asha');
    await u.type(screen.getByLabelText(/^Password/), 'secret12');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Welcome back, asha!')).toBeInTheDocument();
    expect(body).toEqual({ identifier: 'asha', password: 'secret12' });
    expect(localStorage.getItem('authToken')).toBe('tok');
    expect(useSession.getState().user?.username).toBe('asha');
    expect(onAuthenticated).toHaveBeenCalledWith(expect.objectContaining({ username: 'asha' }));
  });

  it('shows the server message when login fails', async () => {
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ message: 'Invalid credentials', code: 'unauthorized' }, { status: 401 })),
    );
    renderLogin();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/Email or username/), 'asha');
    await u.type(screen.getByLabelText(/^Password/), 'wrong');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    // As a notice (the spec's) and, for screen readers, in the dialog.
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    await waitFor(() => expect(screen.getAllByText('Invalid credentials')).toHaveLength(2));
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('the show/hide toggle reveals the password', async () => {
    renderLogin();
    const input = screen.getByLabelText(/^Password/);
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
  });
});

describe('Create Account form', () => {
  it('checks that the passwords match', async () => {
    renderLogin('register');
    const u = userEvent.setup();
    await submitRegistration(u, 'ravi', 'ravi@example.com', 'secret12', 'secret13');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it('registers with first and last name set to the username', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.post('/api/auth/register', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          { data: { user: userFixture({ username: 'ravi' }), token: 'tok-r' }, message: 'Registration successful' },
          { status: 201 },
        );
      }),
    );
    const { onAuthenticated } = renderLogin('register');
    const u = userEvent.setup();
    await submitRegistration(u, 'ravi', 'ravi@example.com', 'secret12');
    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
    expect(body).toMatchObject({
      username: 'ravi',
      email: 'ravi@example.com',
      password: 'secret12',
      firstName: 'ravi',
      lastName: 'ravi',
      userType: 'CUSTOMER',
    });
    expect(onAuthenticated).toHaveBeenCalled();
    expect(localStorage.getItem('authToken')).toBe('tok-r');
  });
});

describe('Create Account form after a refused attempt', () => {
  it('takes the earlier error notice away when the account is created', async () => {
    let attempts = 0;
    server.use(
      http.post('/api/auth/register', () => {
        attempts += 1;
        if (attempts === 1) {
          return HttpResponse.json(
            { message: 'This password is too easy to guess. Choose a longer or less common one.', code: 'weak_password' },
            { status: 422 },
          );
        }
        return HttpResponse.json({ data: { user: userFixture({ username: 'ravi' }), token: 'tok-r' } }, { status: 201 });
      }),
    );
    renderLogin('register');
    const u = userEvent.setup();
    await submitRegistration(u, 'ravi', 'ravi@example.com', 'password');
    expect(await screen.findByRole('alert')).toHaveTextContent(/This password is too easy to guess/);
    await u.clear(screen.getByLabelText(/^Password/));
    await u.type(screen.getByLabelText(/^Password/), 'Kesari-Jalebi-42');
    await u.clear(screen.getByLabelText(/Confirm password/));
    await u.type(screen.getByLabelText(/Confirm password/), 'Kesari-Jalebi-42');
    await u.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Account created successfully')).toBeInTheDocument();
    expect(screen.queryByText(/This password is too easy to guess/)).not.toBeInTheDocument();
  });
});

describe('Address form', () => {
  it('asks for the recipient, a mobile, a state from the list and a 6-digit PIN code', async () => {
    const onSubmit = vi.fn();
    renderWithApp(<AddressForm initial={null} submitLabel="Add Address" onSubmit={onSubmit} onCancel={() => {}} />);
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Add Address' }));
    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Address line 1 is required')).toBeInTheDocument();
    expect(screen.getByText('City is required')).toBeInTheDocument();
    expect(screen.getByText('State is required')).toBeInTheDocument();
    expect(screen.getByText('PIN code is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await typeAddress(u, { ...addressInput({ landmark: 'Near the metro' }), phone: '58765 43210', postalCode: '56a0-0019' });
    expect(screen.getByLabelText(/PIN code/)).toHaveValue('560001');
    await u.click(screen.getByRole('button', { name: 'Add Address' }));
    expect(screen.getByText('Mobile number must be a valid 10-digit Indian number')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await u.clear(screen.getByLabelText(/Mobile number/));
    await u.type(screen.getByLabelText(/Mobile number/), '+91 98765 43210');
    await u.click(screen.getByRole('button', { name: 'Add Address' }));
    expect(onSubmit).toHaveBeenCalledWith(addressInput({ landmark: 'Near the metro' }));
  });

  it('lets the phone fill the address in (autocomplete)', () => {
    renderWithApp(<AddressForm initial={null} submitLabel="Add Address" onSubmit={vi.fn()} onCancel={() => {}} />);
    expect(screen.getByLabelText(/Full name/)).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByLabelText(/Address line 1/)).toHaveAttribute('autocomplete', 'address-line1');
    expect(screen.getByLabelText(/Address line 2/)).toHaveAttribute('autocomplete', 'address-line2');
    expect(screen.getByLabelText(/^City/)).toHaveAttribute('autocomplete', 'address-level2');
    expect(screen.getByLabelText(/PIN code/)).toHaveAttribute('autocomplete', 'postal-code');
    expect(screen.getByLabelText(/Mobile number/)).toHaveAttribute('autocomplete', expect.stringMatching(/^tel(-national)?$/));
  });

  it('keeps all six digits of a PIN code pasted with a space', async () => {
    renderWithApp(<AddressForm initial={null} submitLabel="Add Address" onSubmit={vi.fn()} onCancel={() => {}} />);
    const u = userEvent.setup();
    const pin = screen.getByLabelText(/PIN code/);
    await u.click(pin);
    await u.paste('400 001');
    expect(pin).toHaveValue('400001');
  });

  it('starts an edit with the saved mobile shown as +91 and asks again for a state typed before the list', async () => {
    const saved = {
      id: 'a-1', userId: 'u-1', fullName: 'Asha Rao', phone: '9876543210', landmark: null, addressLine1: '1 MG Road',
      addressLine2: null, city: 'Pune', state: 'MH', postalCode: '411001', isDefault: true,
    };
    renderWithApp(<AddressForm initial={saved} submitLabel="Save" onSubmit={vi.fn()} onCancel={() => {}} />);
    expect(screen.getByLabelText(/Mobile number/)).toHaveValue('+91-98765-43210');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('State is required')).toBeInTheDocument();
  });
});

describe('Change password form', () => {
  it('requires matching new and confirm passwords', async () => {
    renderWithApp(<ChangePasswordForm />);
    const u = userEvent.setup();
    await submitPasswordChange(u, 'old-pass', 'new-pass-1', 'new-pass-2');
    expect(screen.getByText('New password and confirm password do not match')).toBeInTheDocument();
  });

  it('shows the server message on failure and the success message after', async () => {
    server.use(
      http.put('/api/users/change-password', () =>
        HttpResponse.json({ message: 'Current password is incorrect', code: 'wrong_current_password', field: 'currentPassword' }, { status: 422 }),
      ),
    );
    renderWithApp(<ChangePasswordForm />);
    const u = userEvent.setup();
    await submitPasswordChange(u, 'old-pass', 'new-pass-1');
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();

    server.use(http.put('/api/users/change-password', () => HttpResponse.json({})));
    await u.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/Current password/)).toHaveValue(''));
  });
});
