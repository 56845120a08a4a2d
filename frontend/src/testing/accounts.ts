import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { AddressInput } from '@/features/accounts/types';
import { builder } from './builder';

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

/** A complete delivery address as the address form sends it (line 2 and the landmark left empty). */
export const addressInput = builder<AddressInput>(() => ({
  fullName: 'Asha Rao',
  phone: '+91 98765 43210',
  landmark: '',
  addressLine1: '1 MG Road',
  addressLine2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  isDefault: false,
}));

/** Types an address into the address form (landmark only when given) and picks its state; does not submit. */
export async function typeAddress(u: UserEvent, a: Pick<AddressInput, 'fullName' | 'phone' | 'addressLine1' | 'city' | 'state' | 'postalCode'> & { landmark?: string }) {
  await u.type(screen.getByLabelText(/Full name/), a.fullName);
  await u.type(screen.getByLabelText(/Mobile number/), a.phone);
  await u.type(screen.getByLabelText(/Address line 1/), a.addressLine1);
  if (a.landmark) await u.type(screen.getByLabelText(/Landmark/), a.landmark);
  await u.type(screen.getByLabelText(/^City/), a.city);
  await u.click(screen.getByLabelText(/^State/));
  await u.click(await screen.findByRole('option', { name: a.state }));
  await u.type(screen.getByLabelText(/PIN code/), a.postalCode);
}
