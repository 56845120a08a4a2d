import { describe, expect, it } from 'vitest';
import {
  ageOn,
  hasErrors,
  validateAddress,
  validateLogin,
  validatePassword,
  validateProfile,
  validateRegister,
} from './validation';
import { addressInput } from '@/testing/accounts';

describe('login validation', () => {
  it('needs both fields', () => {
    expect(validateLogin({ identifier: ' ', password: '' })).toEqual({
      identifier: 'Email or username is required',
      password: 'Password is required',
    });
    expect(hasErrors(validateLogin({ identifier: 'asha', password: 'x' }))).toBe(false);
  });
});

describe('registration validation', () => {
  const ok = { username: 'asha', email: 'asha@example.com', password: 'secret12', confirmPassword: 'secret12' };

  it('accepts a complete form', () => {
    expect(validateRegister(ok)).toEqual({});
  });

  it('requires every field', () => {
    expect(validateRegister({ username: '', email: '', password: '', confirmPassword: '' })).toEqual({
      username: 'Username is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
  });

  it('checks the e-mail and that the passwords match', () => {
    expect(validateRegister({ ...ok, email: 'asha@' }).email).toBe('Enter a valid email address');
    expect(validateRegister({ ...ok, confirmPassword: 'secret13' }).confirmPassword).toBe('Passwords do not match');
  });
});

describe('address validation', () => {
  const ok = addressInput();

  it('line 2 and the landmark are optional', () => {
    expect(validateAddress(ok)).toEqual({});
  });

  it('name, mobile, line 1, city, state and PIN code are required', () => {
    expect(validateAddress({ ...ok, fullName: ' ', phone: '', addressLine1: '', city: ' ', state: '', postalCode: '' })).toEqual({
      fullName: 'Full name is required',
      phone: 'Phone number is required',
      addressLine1: 'Address line 1 is required',
      city: 'City is required',
      state: 'State is required',
      postalCode: 'PIN code is required',
    });
  });

  it('the mobile is an Indian one and the state one from the list', () => {
    expect(validateAddress({ ...ok, phone: '5876543210' }).phone).toBe('Mobile number must be a valid 10-digit Indian number');
    expect(validateAddress({ ...ok, state: 'KA' }).state).toBe('Please choose a state or union territory from the list');
  });

  it('PIN code has 6 digits and does not start with 0', () => {
    expect(validateAddress({ ...ok, postalCode: '56001' }).postalCode).toBe('PIN code must be 6 digits and cannot start with 0');
    expect(validateAddress({ ...ok, postalCode: '060001' }).postalCode).toBe('PIN code must be 6 digits and cannot start with 0');
  });
});

describe('change password validation', () => {
  it('requires all three fields', () => {
    expect(validatePassword({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
      confirmPassword: 'Please confirm your new password',
    });
  });

  it('new and confirm must match', () => {
    expect(validatePassword({ currentPassword: 'a', newPassword: 'bbbbbb', confirmPassword: 'bbbbbc' })).toEqual({
      confirmPassword: 'New password and confirm password do not match',
    });
  });
});

describe('profile validation', () => {
  const today = new Date(2026, 10, 22);
  const ok = { firstName: 'Asha', lastName: 'Rao', username: 'asha', mobile: '', dob: '' };

  it('mobile and date of birth are optional', () => {
    expect(validateProfile(ok, today)).toEqual({});
  });

  it('requires names and username', () => {
    expect(validateProfile({ ...ok, firstName: '', lastName: '', username: '' }, today)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      username: 'Username is required',
    });
  });

  it('mobile is an Indian mobile number as the address form reads it; the user is at least 18', () => {
    expect(validateProfile({ ...ok, mobile: '98765' }, today).mobile).toBe('Mobile number must be a valid 10-digit Indian number');
    expect(validateProfile({ ...ok, mobile: '+91 98765 432109' }, today).mobile).toBe('Mobile number must be a valid 10-digit Indian number');
    expect(validateProfile({ ...ok, mobile: '+91 98765-43210' }, today).mobile).toBeUndefined();
    expect(validateProfile({ ...ok, mobile: '098765 43210' }, today).mobile).toBeUndefined();
    expect(validateProfile({ ...ok, dob: '2008-11-23' }, today).dob).toBe('You must be at least 18 years old');
    expect(validateProfile({ ...ok, dob: '2008-11-22' }, today).dob).toBeUndefined();
    expect(validateProfile({ ...ok, dob: '2001-02-30' }, today).dob).toBe('Enter a valid date of birth');
    expect(ageOn('1990-04-25', today)).toBe(36);
  });
});
