import { nationalPhone } from '@/lib/india';
import type { LegalSlug } from '../types';

export const PINCODE_MAX = 6;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** The server's limit on the grievance officer's name and designation. */
export const GRIEVANCE_TEXT_MAX = 100;

export const COMPANY_MESSAGES = {
  nameRequired: 'Please fill the company name.',
  phoneInvalid: 'Phone number must be 10 digits',
  emailInvalid: 'Please enter a valid email address.',
  grievanceOfficerRequired: 'Name the grievance officer whose designation or contact this is',
  grievanceOfficerLong: `Grievance officer must be at most ${GRIEVANCE_TEXT_MAX} characters`,
  grievanceDesignationLong: `Designation must be at most ${GRIEVANCE_TEXT_MAX} characters`,
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
  grievanceOfficer: string;
  grievanceDesignation: string;
  grievanceEmail: string;
  grievancePhone: string;
}

export type CompanyErrors = Partial<Record<keyof CompanyInput, string>>;

/** The problem with an optional e-mail: empty is fine, else it must look like one. */
function emailProblem(raw: string): string | undefined {
  const email = raw.trim();
  return email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? COMPANY_MESSAGES.emailInvalid : undefined;
}

/** The problem with an optional phone: empty is fine, else an Indian number as the server reads it. */
function phoneProblem(raw: string): string | undefined {
  return raw.trim() && !nationalPhone(raw) ? COMPANY_MESSAGES.phoneInvalid : undefined;
}

/** Counted as the server counts (Unicode characters, not UTF-16 units). */
function tooLong(raw: string): boolean {
  return [...raw.trim()].length > GRIEVANCE_TEXT_MAX;
}

/** A designation or contact of the grievance officer needs their name. */
function officerProblem(input: CompanyInput): string | undefined {
  if (tooLong(input.grievanceOfficer)) return COMPANY_MESSAGES.grievanceOfficerLong;
  const contact = [input.grievanceDesignation, input.grievanceEmail, input.grievancePhone].some((v) => v.trim());
  return contact && !input.grievanceOfficer.trim() ? COMPANY_MESSAGES.grievanceOfficerRequired : undefined;
}

/** Name required; e-mails and phones (when given) valid as the server reads them; pincode at
 * most 6 digits; the grievance officer named when their designation or contact is given. */
export function validateCompany(input: CompanyInput): CompanyErrors {
  const found: CompanyErrors = {
    name: input.name.trim() ? undefined : COMPANY_MESSAGES.nameRequired,
    email: emailProblem(input.email),
    phone: phoneProblem(input.phone),
    pincode: /^\d*$/.test(input.pincode) && input.pincode.length <= PINCODE_MAX ? undefined : `Pincode must be at most ${PINCODE_MAX} digits.`,
    grievanceOfficer: officerProblem(input),
    grievanceDesignation: tooLong(input.grievanceDesignation) ? COMPANY_MESSAGES.grievanceDesignationLong : undefined,
    grievanceEmail: emailProblem(input.grievanceEmail),
    grievancePhone: phoneProblem(input.grievancePhone),
  };
  // Only the fields with a problem: the form is sent when there is none.
  return Object.fromEntries(Object.entries(found).filter(([, message]) => message));
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
