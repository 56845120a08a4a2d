import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Types into the change-password form (current, new, the new again) and presses Change Password. */
export async function submitPasswordChange(u: UserEvent, current: string, next: string, confirm = next) {
  await u.type(screen.getByLabelText(/Current password/), current);
  await u.type(screen.getByLabelText(/^New password/), next);
  await u.type(screen.getByLabelText(/Confirm new password/), confirm);
  await u.click(screen.getByRole('button', { name: 'Change Password' }));
}

/** Types into the Create Account form and presses Create Account. */
export async function submitRegistration(u: UserEvent, username: string, email: string, password: string, confirm = password) {
  await u.type(screen.getByLabelText(/Username/), username);
  await u.type(screen.getByLabelText(/^Email/), email);
  await u.type(screen.getByLabelText(/^Password/), password);
  await u.type(screen.getByLabelText(/Confirm password/), confirm);
  await u.click(screen.getByRole('button', { name: 'Create Account' }));
}
