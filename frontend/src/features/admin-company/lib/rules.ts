import { nationalPhone } from '@/lib/india';
import type { LegalSlug } from '../types';

export const PINCODE_MAX = 6;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export const COMPANY_MESSAGES = {
  nameRequired: 'Please fill the company name.',
  phoneInvalid: 'Phone number must be 10 digits',
  emailInvalid: 'Please enter a valid email address.',
  logoType: 'Logo must be a PNG, JPG or SVG image.',
  logoSize: 'Logo must be 2MB or smaller.',
  saved: 'Company details updated successfully!',
  failed: 'Update failed!',
} as const;

export const LEGAL_MESSAGES = {
  saved: 'Page saved successfully!',
  saveFailed: 'Failed to save page.',
  fetchFailed: 'Failed to fetch legal pages.',
} as const;

export const LEGAL_TABS: { slug: LegalSlug; title: string }[] = [
  { slug: 'privacy-policy', title: 'Privacy Policy' },
  { slug: 'terms-conditions', title: 'Terms & Conditions' },
];


export interface CompanyInput {
  name: string;
  email: string;
  phone: string;
  pincode: string;
}

export type CompanyErrors = Partial<Record<'name' | 'email' | 'phone' | 'pincode', string>>;

/** Name required; e-mail (when given) must look like one; phone (when given) an Indian number
 * as the server reads it; pincode at most 6 digits. */
export function validateCompany(input: CompanyInput): CompanyErrors {
  const errors: CompanyErrors = {};
  if (!input.name.trim()) errors.name = COMPANY_MESSAGES.nameRequired;
  if (input.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email.trim())) errors.email = COMPANY_MESSAGES.emailInvalid;
  if (input.phone.trim() && !nationalPhone(input.phone)) errors.phone = COMPANY_MESSAGES.phoneInvalid;
  if (!/^\d*$/.test(input.pincode) || input.pincode.length > PINCODE_MAX) errors.pincode = `Pincode must be at most ${PINCODE_MAX} digits.`;
  return errors;
}

/** PNG, JPG or SVG up to 2MB; null when the logo is acceptable. */
export function checkLogo(file: File): string | null {
  const typeOk = file.type
    ? ['image/png', 'image/jpeg', 'image/svg+xml'].includes(file.type)
    : /\.(png|jpe?g|svg)$/i.test(file.name);
  if (!typeOk) return COMPANY_MESSAGES.logoType;
  if (file.size > LOGO_MAX_BYTES) return COMPANY_MESSAGES.logoSize;
  return null;
}
