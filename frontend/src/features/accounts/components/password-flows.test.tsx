import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderWithApp } from '@/testing/render';
import { submitPasswordChange } from '@/testing/accounts';
import { user as userFixture } from '@/testing/fixtures';
import { signIn, useSession } from '@/lib/session';
import type { LoginMode } from '@/lib/ui';
import { signOut } from '../api';
import { PASSWORD_RULE } from '../lib/validation';
import { ChangePasswordForm } from './ChangePasswordForm';
import { LoginDialog } from './LoginDialog';
import { ResetPasswordForm } from './ResetPasswordForm';
import { SignOutEverywhere } from './SignOutEverywhere';

const SAME_ANSWER = 'If an account uses this email address, we have sent it a link to reset the password. The link works for 30 minutes.';

/** The dialog with its mode kept in state, as the storefront keeps it. */
function renderDialog(start: LoginMode) {
  let mode = start;
  const utils = renderWithApp(<div />);
  const rerender = () =>
    utils.rerender(
      <LoginDialog
        open
        mode={mode}
        onModeChange={(m) => {
          mode = m;
          rerender();
        }}
        onClose={() => {}}
        onAuthenticated={() => {}}
      />,
    );
  rerender();
  return utils;
}

describe('Forgot password', () => {
  it('is offered in the Sign In form and sends the e-mail address, then shows the one answer', async () => {
    let body: unknown = null;
    server.use(
      http.post('/api/auth/forgot-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: SAME_ANSWER }, { status: 202 });
      }),
    );
    renderDialog('login');
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(body).toBeNull();
    await u.type(screen.getByLabelText(/^Email/), ' asha@example.in ');
    await u.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(SAME_ANSWER)).toBeInTheDocument();
    expect(body).toEqual({ email: 'asha@example.in' });
    await u.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});

describe('Password rule', () => {
  it('is shown under the new password before anything is submitted', () => {
    renderDialog('register');
    expect(screen.getByText(PASSWORD_RULE)).toBeInTheDocument();
  });

  it('a refused (weak) password shows the server message in the change form', async () => {
    server.use(
      http.put('/api/users/change-password', () =>
        HttpResponse.json({ message: 'This password is too easy to guess.', code: 'weak_password' }, { status: 422 }),
      ),
    );
    renderWithApp(<ChangePasswordForm />);
    expect(screen.getByText(PASSWORD_RULE)).toBeInTheDocument();
    const u = userEvent.setup();
    await submitPasswordChange(u, 'old-pass', 'password');
    expect(await screen.findByText('This password is too easy to guess.')).toBeInTheDocument();
  });
});

describe('Change password', () => {
  it('keeps this device signed in with the new token the answer carries', async () => {
    signIn('old-token', userFixture());
    server.use(
      http.put('/api/users/change-password', () =>
        HttpResponse.json({ message: 'Password changed successfully', token: 'new-token' }),
      ),
    );
    renderWithApp(<ChangePasswordForm />);
    const u = userEvent.setup();
    await submitPasswordChange(u, 'old-pass-word', 'brand-new-pass');
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe('new-token');
    expect(useSession.getState().user?.username).toBe('asha');
  });
});

describe('Reset password page', () => {
  it('checks the fields, sends the token with the new password, signs this browser out and leads to sign in', async () => {
    signIn('stale-token', userFixture());
    let body: unknown = null;
    server.use(
      http.post('/api/auth/reset-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Your password has been changed. Please sign in with your new password.' });
      }),
    );
    const onSignIn = vi.fn();
    renderWithApp(<ResetPasswordForm token="abc123" onSignIn={onSignIn} onRequestNewLink={() => {}} />);
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/^New password/), 'short');
    await u.type(screen.getByLabelText(/Confirm new password/), 'other');
    await u.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getByText('New password and confirm password do not match')).toBeInTheDocument();
    expect(body).toBeNull();

    await u.clear(screen.getByLabelText(/^New password/));
    await u.type(screen.getByLabelText(/^New password/), 'brand-new-pass');
    await u.clear(screen.getByLabelText(/Confirm new password/));
    await u.type(screen.getByLabelText(/Confirm new password/), 'brand-new-pass');
    await u.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(body).toEqual({ token: 'abc123', newPassword: 'brand-new-pass' });
    expect(localStorage.getItem('authToken')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Sign in with the new password' }));
    expect(onSignIn).toHaveBeenCalled();
  });

  it('an invalid or expired link offers a new one', async () => {
    server.use(
      http.post('/api/auth/reset-password', () =>
        HttpResponse.json({ message: 'This reset link is invalid or has expired', code: 'invalid_reset_token', field: 'token' }, { status: 422 }),
      ),
    );
    const onRequestNewLink = vi.fn();
    renderWithApp(<ResetPasswordForm token="used" onSignIn={() => {}} onRequestNewLink={onRequestNewLink} />);
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/^New password/), 'brand-new-pass');
    await u.type(screen.getByLabelText(/Confirm new password/), 'brand-new-pass');
    await u.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('This reset link is invalid or has expired')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(onRequestNewLink).toHaveBeenCalled();
  });

  it('a used or expired link says so before a password is typed', async () => {
    let asked: unknown = null;
    server.use(
      http.post('/api/auth/reset-password/check', async ({ request }) => {
        asked = await request.json();
        return HttpResponse.json({ valid: false });
      }),
    );
    const onRequestNewLink = vi.fn();
    renderWithApp(<ResetPasswordForm token="used" onSignIn={() => {}} onRequestNewLink={onRequestNewLink} />);
    expect(await screen.findByText('This reset link is invalid or has expired')).toBeInTheDocument();
    expect(asked).toEqual({ token: 'used' });
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(onRequestNewLink).toHaveBeenCalled();
  });

  it('a link without a token says so at once', () => {
    renderWithApp(<ResetPasswordForm token="" onSignIn={() => {}} onRequestNewLink={() => {}} />);
    expect(screen.getByText('This reset link is invalid or has expired')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Password' })).not.toBeInTheDocument();
  });
});

describe('Signing out', () => {
  it('logout ends the token on the server and clears the session here', async () => {
    signIn('tok-1', userFixture());
    let sent: string | null = null;
    server.use(
      http.post('/api/auth/logout', ({ request }) => {
        sent = request.headers.get('Authorization');
        return HttpResponse.json({ message: 'Signed out' });
      }),
    );
    await signOut();
    expect(sent).toBe('Bearer tok-1');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(useSession.getState().token).toBeNull();
  });

  it('"Sign out of all devices" asks first, then ends every session', async () => {
    signIn('tok-2', userFixture());
    const calls = vi.fn();
    server.use(http.post('/api/auth/logout-all', () => (calls(), HttpResponse.json({ message: 'Signed out of all devices' }))));
    const onSignedOut = vi.fn();
    renderWithApp(<SignOutEverywhere onSignedOut={onSignedOut} />);
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Sign out of all devices' }));
    expect(calls).not.toHaveBeenCalled();
    await u.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(onSignedOut).toHaveBeenCalled());
    expect(calls).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});
