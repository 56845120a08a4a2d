import type { FormEvent } from 'react';
import { mobileDigits, STATES } from '@/lib/india';
import type { AddressInput, LoginInput, PasswordInput, ProfileInput, RegisterInput } from '../types';

export type Errors<T> = Partial<Record<keyof T, string>>;

export const MESSAGES = {
  identifierRequired: 'Email or username is required',
  passwordRequired: 'Password is required',
  usernameRequired: 'Username is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  confirmRequired: 'Please confirm your password',
  passwordsMismatch: 'Passwords do not match',
  line1Required: 'Address line 1 is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  stateFromList: 'Please choose a state or union territory from the list',
  fullNameRequired: 'Full name is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Mobile number must be a valid 10-digit Indian number',
  postalRequired: 'PIN code is required',
  postalInvalid: 'PIN code must be 6 digits and cannot start with 0',
  currentRequired: 'Current password is required',
  newRequired: 'New password is required',
  confirmNewRequired: 'Please confirm your new password',
  newMismatch: 'New password and confirm password do not match',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  dobInvalid: 'Enter a valid date of birth',
  dobAdult: 'You must be at least 18 years old',
  passwordShort: 'Password must be at least 8 characters long',
} as const;

/** The password rule, shown under every new-password field before submit (the server
 * checks it: at least 8 characters, and not easy to guess). */
export const PASSWORD_RULE =
  'At least 8 characters and hard to guess: not a common password, your name, a date or a pattern like 12345678.';

export interface ResetInput {
  newPassword: string;
  confirmPassword: string;
}

export function validateReset(v: ResetInput): Errors<ResetInput> {
  const e: Errors<ResetInput> = {};
  if (!v.newPassword) e.newPassword = MESSAGES.newRequired;
  else if ([...v.newPassword].length < 8) e.newPassword = MESSAGES.passwordShort;
  if (!v.confirmPassword) e.confirmPassword = MESSAGES.confirmNewRequired;
  else if (v.newPassword && v.newPassword !== v.confirmPassword) e.confirmPassword = MESSAGES.newMismatch;
  return e;
}

export function validateForgot(email: string): string | undefined {
  if (!email.trim()) return MESSAGES.emailRequired;
  if (!isEmail(email)) return MESSAGES.emailInvalid;
  return undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export function hasErrors<T>(errors: Errors<T>): boolean {
  return Object.values(errors).some(Boolean);
}

/** A form's submit: stops the browser's own, shows what `found` says is wrong and answers whether the form may be sent. */
export function submitChecked<T>(e: FormEvent, found: Errors<T>, setErrors: (errors: Errors<T>) => void): boolean {
  e.preventDefault();
  setErrors(found);
  return !hasErrors(found);
}

export function validateLogin(v: LoginInput): Errors<LoginInput> {
  const e: Errors<LoginInput> = {};
  if (!v.identifier.trim()) e.identifier = MESSAGES.identifierRequired;
  if (!v.password) e.password = MESSAGES.passwordRequired;
  return e;
}

export function validateRegister(v: RegisterInput): Errors<RegisterInput> {
  const e: Errors<RegisterInput> = {};
  if (!v.username.trim()) e.username = MESSAGES.usernameRequired;
  if (!v.email.trim()) e.email = MESSAGES.emailRequired;
  else if (!isEmail(v.email)) e.email = MESSAGES.emailInvalid;
  if (!v.password) e.password = MESSAGES.passwordRequired;
  if (!v.confirmPassword) e.confirmPassword = MESSAGES.confirmRequired;
  else if (v.password !== v.confirmPassword) e.confirmPassword = MESSAGES.passwordsMismatch;
  return e;
}

export function validateAddress(v: AddressInput): Errors<AddressInput> {
  const e: Errors<AddressInput> = {};
  if (!v.fullName.trim()) e.fullName = MESSAGES.fullNameRequired;
  if (!v.phone.trim()) e.phone = MESSAGES.phoneRequired;
  else if (!mobileDigits(v.phone)) e.phone = MESSAGES.phoneInvalid;
  if (!v.addressLine1.trim()) e.addressLine1 = MESSAGES.line1Required;
  if (!v.city.trim()) e.city = MESSAGES.cityRequired;
  if (!v.state.trim()) e.state = MESSAGES.stateRequired;
  else if (!(STATES as readonly string[]).includes(v.state)) e.state = MESSAGES.stateFromList;
  if (!v.postalCode.trim()) e.postalCode = MESSAGES.postalRequired;
  else if (!/^[1-9]\d{5}$/.test(v.postalCode.trim())) e.postalCode = MESSAGES.postalInvalid;
  return e;
}

export function validatePassword(v: PasswordInput): Errors<PasswordInput> {
  const e: Errors<PasswordInput> = {};
  if (!v.currentPassword) e.currentPassword = MESSAGES.currentRequired;
  if (!v.newPassword) e.newPassword = MESSAGES.newRequired;
  if (!v.confirmPassword) e.confirmPassword = MESSAGES.confirmNewRequired;
  else if (v.newPassword && v.newPassword !== v.confirmPassword) e.confirmPassword = MESSAGES.newMismatch;
  return e;
}

/** Age in whole years on `today` of someone born on `dob` (YYYY-MM-DD), or null if not a date. */
export function ageOn(dob: string, today: Date): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(dob.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  let age = today.getFullYear() - y;
  const beforeBirthday = today.getMonth() + 1 < mo || (today.getMonth() + 1 === mo && today.getDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

export function validateProfile(v: ProfileInput, today = new Date()): Errors<ProfileInput> {
  const e: Errors<ProfileInput> = {};
  if (!v.firstName.trim()) e.firstName = MESSAGES.firstNameRequired;
  if (!v.lastName.trim()) e.lastName = MESSAGES.lastNameRequired;
  if (!v.username.trim()) e.username = MESSAGES.usernameRequired;
  if (v.mobile.trim() && !mobileDigits(v.mobile)) e.mobile = MESSAGES.phoneInvalid;
  if (v.dob.trim()) {
    const age = ageOn(v.dob, today);
    if (age === null || age < 0) e.dob = MESSAGES.dobInvalid;
    else if (age < 18) e.dob = MESSAGES.dobAdult;
  }
  return e;
}
