import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api';
import type { User } from '@/lib/api-types';
import { mobileDigits } from '@/lib/india';
import { logout } from '@/lib/session';
import type { Address, AddressInput, LoginInput, PasswordInput, ProfileInput, RegisterInput } from '../types';

export interface AuthResult {
  token: string;
  user: User;
  message?: string;
}

export async function login(input: LoginInput): Promise<AuthResult> {
  const body = await api.post<{ token?: string; user?: User; data?: { token: string; user: User }; message?: string }>(
    '/auth/login',
    { identifier: input.identifier.trim(), password: input.password },
  );
  const token = body.token ?? body.data?.token ?? '';
  const user = (body.user ?? body.data?.user) as User;
  return { token, user, message: body.message };
}

/** The registration payload: first and last name are both set to the username (the form asks for neither). */
export function registrationPayload(input: RegisterInput) {
  const username = input.username.trim();
  return {
    username,
    email: input.email.trim(),
    password: input.password,
    firstName: username,
    lastName: username,
    mobile: null,
    dob: null,
    userType: 'CUSTOMER' as const,
  };
}

export async function register(input: RegisterInput): Promise<AuthResult> {
  const body = await api.post<Envelope<{ user: User; token: string }>>('/auth/register', registrationPayload(input));
  return { token: body.data.token, user: body.data.user, message: body.message };
}

export async function fetchMe(): Promise<User> {
  const body = await api.get<Envelope<{ user: User }>>('/auth/me');
  return body.data.user;
}

export async function updateProfile(input: ProfileInput): Promise<{ user: User; message?: string }> {
  const body = await api.put<Envelope<{ user: User }>>('/users/profile', {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    username: input.username.trim(),
    // The 10 digits of the number typed (+91 98765 43210 sends 9876543210); the form refuses any other.
    mobile: mobileDigits(input.mobile) ?? input.mobile.trim(),
    dob: input.dob.trim(),
  });
  return { user: body.data.user, message: body.message };
}

/** Changes the password. Every earlier session ends on the server; the answer's token
 * starts a new one for this device. */
export async function changePassword(input: PasswordInput): Promise<{ message?: string; token?: string }> {
  const body = await api.put<{ message?: string; token?: string }>('/users/change-password', {
    currentPassword: input.currentPassword,
    newPassword: input.newPassword,
  });
  return { message: body?.message, token: body?.token };
}

/** Logout: ends this token on the server and clears the stored session at once (the call
 * carries the token, read before it is cleared); a failed call still signs out here. */
export async function signOut(): Promise<void> {
  const ended = api.post<unknown>('/auth/logout').catch(() => undefined);
  logout();
  await ended;
}

/** Ends every session of the account (this one too), then clears the stored session. */
export async function signOutEverywhere(): Promise<void> {
  await api.post<unknown>('/auth/logout-all');
  logout();
}

/** Deletes the account after the password is given again; the server ends every session,
 * and the stored one is cleared here. */
export async function deleteAccount(currentPassword: string): Promise<string | undefined> {
  const body = await api.post<{ message?: string }>('/users/delete-account', { currentPassword });
  logout();
  return body?.message;
}

/** Asks for a reset link; the answer is the same whether or not an account has the address. */
export async function requestPasswordReset(email: string): Promise<string | undefined> {
  const body = await api.post<{ message?: string }>('/auth/forgot-password', { email: email.trim() });
  return body?.message;
}

/** Whether an e-mailed reset link can still set a password (asking uses nothing up). When the
 * shop cannot be asked, the form is shown and the reset itself has the last word. */
export async function resetLinkValid(token: string): Promise<boolean> {
  const body = await api.post<{ valid?: boolean }>('/auth/reset-password/check', { token }).catch(() => null);
  return body?.valid !== false;
}

export async function resetPassword(token: string, newPassword: string): Promise<string | undefined> {
  const body = await api.post<{ message?: string }>('/auth/reset-password', { token, newPassword });
  return body?.message;
}

export async function fetchAddresses(): Promise<Address[]> {
  const body = await api.get<Envelope<Address[]>>('/addresses');
  return Array.isArray(body?.data) ? body.data : [];
}

function addressBody(input: AddressInput) {
  return {
    fullName: input.fullName.trim(),
    phone: input.phone.trim(),
    landmark: input.landmark.trim(),
    addressLine1: input.addressLine1.trim(),
    addressLine2: input.addressLine2.trim(),
    city: input.city.trim(),
    state: input.state.trim(),
    postalCode: input.postalCode.trim(),
    isDefault: input.isDefault,
  };
}

export async function createAddress(input: AddressInput): Promise<Address> {
  const body = await api.post<Envelope<Address>>('/addresses', addressBody(input));
  return body.data;
}

export async function updateAddress(id: string, input: AddressInput): Promise<Address> {
  const body = await api.put<Envelope<Address>>(`/addresses/${encodeURIComponent(id)}`, addressBody(input));
  return body.data;
}

export async function deleteAddress(id: string): Promise<void> {
  await api.delete<unknown>(`/addresses/${encodeURIComponent(id)}`);
}

export const accountKeys = {
  me: ['me', 'user'] as const,
  addresses: ['me', 'addresses'] as const,
};

export const meQuery = () => queryOptions({ queryKey: accountKeys.me, queryFn: fetchMe, staleTime: 60_000 });
export const addressesQuery = () =>
  queryOptions({ queryKey: accountKeys.addresses, queryFn: fetchAddresses, staleTime: 30_000 });

export function useAddresses(enabled = true) {
  return useQuery({ ...addressesQuery(), enabled });
}
