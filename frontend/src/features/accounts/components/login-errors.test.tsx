import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderWithApp } from '@/testing/render';
import { submitRegistration } from '@/testing/accounts';
import type { LoginMode } from '@/lib/ui';
import { LoginDialog } from './LoginDialog';

/** The dialog as the storefront shows it: switching forms really switches them. */
function Harness({ initial }: { initial: LoginMode }) {
  const [mode, setMode] = useState(initial);
  return <LoginDialog open mode={mode} onModeChange={setMode} onClose={() => {}} onAuthenticated={vi.fn()} />;
}

function renderDialog(initial: LoginMode = 'login') {
  renderWithApp(<Harness initial={initial} />);
  return screen.getByRole('dialog');
}

const refused = (status: number, message: string, code: string, field?: string) =>
  HttpResponse.json({ message, code, ...(field ? { field } : {}) }, { status });

describe('the sign-in dialog says why the server refused, inside the dialog', () => {
  it('keeps a refused sign-in message as an alert in the dialog until the shopper edits', async () => {
    server.use(http.post('/api/auth/login', () => refused(401, 'Invalid email/username or password', 'invalid_credentials')));
    const dialog = renderDialog();
    const u = userEvent.setup();
    await u.type(within(dialog).getByLabelText(/Email or username/), 'asha');
    await u.type(within(dialog).getByLabelText(/^Password/), 'wrong-one');
    await u.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid email/username or password');
    await u.type(within(dialog).getByLabelText(/^Password/), 'x');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a throttled attempt in the dialog', async () => {
    server.use(
      http.post('/api/auth/login', () => refused(429, 'Too many sign-in attempts. Please wait 15 minutes and try again.', 'too_many_attempts')),
    );
    const dialog = renderDialog();
    const u = userEvent.setup();
    await u.type(within(dialog).getByLabelText(/Email or username/), 'asha');
    await u.type(within(dialog).getByLabelText(/^Password/), 'wrong-one');
    await u.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many sign-in attempts. Please wait 15 minutes and try again.');
  });

  it('marks the e-mail field of a taken address as invalid, with the message under it', async () => {
    server.use(http.post('/api/auth/register', () => refused(409, 'An account with this email already exists', 'email_taken', 'email')));
    const dialog = renderDialog('register');
    await submitRegistration(userEvent.setup(), 'ravi', 'ravi@example.com', 'Kesari-Jalebi-42');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An account with this email already exists');
    const email = within(dialog).getByLabelText(/^Email/);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('An account with this email already exists');
    expect(within(dialog).getByLabelText(/Username/)).toHaveAttribute('aria-invalid', 'false');
  });

  it('marks a password too easy to guess under the password field until it is changed', async () => {
    const message = 'This password is too easy to guess. This is a top-10 common password.';
    server.use(http.post('/api/auth/register', () => refused(422, message, 'weak_password', 'password')));
    const dialog = renderDialog('register');
    const u = userEvent.setup();
    await submitRegistration(u, 'ravi', 'ravi@example.com', 'password');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    const password = within(dialog).getByLabelText(/^Password/);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(message);
    await u.type(password, '1');
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'false'));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('"Create an account" puts the focus on the first field of the new form', async () => {
    const dialog = renderDialog();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Create an account' }));
    const username = await within(dialog).findByLabelText(/Username/);
    await waitFor(() => expect(username).toHaveFocus());
  });
});
