import { describe, expect, it } from 'vitest';
import { checkLogo, validateCompany } from './rules';
import { digitsOnly } from '@/lib/forms';
import { nationalPhone } from '@/lib/india';

const ok = {
  name: 'Shop',
  email: 'a@b.in',
  phone: '9876543210',
  pincode: '560001',
  grievanceOfficer: '',
  grievanceDesignation: '',
  grievanceEmail: '',
  grievancePhone: '',
};

describe('company details rules', () => {
  it('name is required', () => {
    expect(validateCompany(ok)).toEqual({});
    expect(validateCompany({ ...ok, name: '  ' }).name).toBe('Please fill the company name.');
  });

  it('a phone is its 10 national digits, however it is written; pincode keeps at most 6 digits while typing', () => {
    for (const [typed, kept] of [['+91 98765-43210', '9876543210'], ['080-2345 6789', '8023456789'], ['91 22 2345 6789', '2223456789']]) {
      expect(nationalPhone(typed)).toBe(kept);
    }
    for (const bad of ['0123456789', '+9876543210', '987654321', '98765x43210', '91 0987654321']) expect(nationalPhone(bad)).toBeNull();
    expect(digitsOnly('5600019', 6)).toBe('560001');
    expect(digitsOnly('56a0', 6)).toBe('560');
  });

  it('refuses a longer phone or pincode and a malformed e-mail', () => {
    expect(validateCompany({ ...ok, phone: '98765432101' }).phone).toBe('Phone number must be 10 digits');
    expect(validateCompany({ ...ok, phone: '+91 98765 43210' }).phone).toBeUndefined();
    expect(validateCompany({ ...ok, pincode: '5600011' }).pincode).toBe('Pincode must be at most 6 digits.');
    expect(validateCompany({ ...ok, email: 'nope' }).email).toBe('Please enter a valid email address.');
    expect(validateCompany({ ...ok, email: '', phone: '', pincode: '' })).toEqual({});
  });

  it("grievance officer: contact only with a name; e-mail and phone as the company's; at most 100 characters", () => {
    const meera = { ...ok, grievanceOfficer: 'Meera Iyer' };
    expect(validateCompany({ ...meera, grievanceDesignation: 'Head of customer care', grievanceEmail: 'm@kapda.in', grievancePhone: '+91 98450 12345' })).toEqual({});
    for (const contact of [{ grievanceDesignation: 'Head' }, { grievanceEmail: 'm@kapda.in' }, { grievancePhone: '9845012345' }]) {
      expect(validateCompany({ ...ok, ...contact, grievanceOfficer: ' ' })).toEqual({ grievanceOfficer: 'Name the grievance officer whose designation or contact this is' });
    }
    expect(validateCompany({ ...meera, grievanceEmail: 'meera@' }).grievanceEmail).toBe('Please enter a valid email address.');
    expect(validateCompany({ ...meera, grievancePhone: '12345' }).grievancePhone).toBe('Phone number must be 10 digits');
    expect(validateCompany({ ...ok, grievanceOfficer: 'M'.repeat(101) }).grievanceOfficer).toBe('Grievance officer must be at most 100 characters');
    expect(validateCompany({ ...meera, grievanceDesignation: 'ह'.repeat(100) })).toEqual({});
    expect(validateCompany({ ...meera, grievanceDesignation: 'D'.repeat(101) }).grievanceDesignation).toBe('Designation must be at most 100 characters');
  });

  it('logo: PNG, JPG or SVG up to 2MB', () => {
    expect(checkLogo(new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }))).toBeNull();
    expect(checkLogo(new File(['x'], 'logo.gif', { type: 'image/gif' }))).toBe('Logo must be a PNG, JPG or SVG image.');
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    expect(checkLogo(big)).toBe('Logo must be 2MB or smaller.');
  });
});
