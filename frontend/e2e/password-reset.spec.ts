import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_OUTBOX } from './env';
import { expectNoHorizontalScroll, registerCustomer } from './support';

/** The reset link in the newest e-mail to `to` in the server's outbox (quoted-printable undone). */
function resetLinkFor(to: string): string | null {
  let files: string[];
  try {
    files = readdirSync(E2E_OUTBOX).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return null;
  }
  for (const file of files.reverse()) {
    const text = readFileSync(join(E2E_OUTBOX, file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    if (!text.includes(`To: ${to}`)) continue;
    const match = /https?:\/\/[^\s"<>]+\/reset-password\?token=[0-9a-f]+/.exec(text);
    if (match) return match[0];
  }
  return null;
}

test('forgot password: the e-mailed link sets a new password on a phone, then it signs in', async ({ page, request }) => {
  const customer = await registerCustomer(request, 'forgetful');
  const newPassword = 'Lantern-river-88';

  await page.goto('/about');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
  await forgot.getByLabel('Email').fill(customer.email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(forgot.getByText(/If an account uses this email address, we have sent it a link/)).toBeVisible();
  await forgot.getByRole('button', { name: 'Close' }).click();

  // The server sends the e-mail after answering: wait for it in the outbox.
  let link: string | null = null;
  await expect.poll(() => (link = resetLinkFor(customer.email)), { timeout: 20_000 }).not.toBeNull();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link ?? '');
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Reset password' });
  await expect(form.getByText(/At least 8 characters and hard to guess/)).toBeVisible();
  await expectNoHorizontalScroll(page);

  // A guessable password is refused by the server with its reason; the link still works.
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill('password123');
  await form.getByRole('textbox', { name: 'Confirm new password' }).fill('password123');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByText(/This password is too easy to guess/)).toBeVisible();

  await form.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await form.getByRole('textbox', { name: 'Confirm new password' }).fill(newPassword);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your password has been changed. Please sign in with your new password.')).toBeVisible();
  await expectNoHorizontalScroll(page);

  // Used once: the same link no longer works (a well-formed request refused by a rule: 422).
  const again = await request.post('/api/auth/reset-password', { data: { token: new URL(link ?? '').searchParams.get('token'), newPassword: 'Another-river-99' } });
  expect(again.status()).toBe(422);
  expect((await again.json()).message).toBe('This reset link is invalid or has expired');

  await page.getByRole('button', { name: 'Sign in with the new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const signInDialog = page.getByRole('dialog', { name: 'Sign In' });
  await signInDialog.getByLabel('Email or username').fill(customer.username);
  await signInDialog.getByRole('textbox', { name: 'Password', exact: true }).fill(customer.password);
  await signInDialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Invalid email/username or password').last()).toBeVisible();
  await signInDialog.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
  await signInDialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(signInDialog).toBeHidden();
  await expect(page).toHaveURL(/\/myaccount\/dashboard$/);
});
