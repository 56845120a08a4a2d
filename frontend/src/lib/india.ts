/** India-specific form values: the states and union territories an address chooses from
 * (the server's list, `gst::STATES`, in alphabetical order) and Indian mobile numbers. */

export const STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;

export type StateName = (typeof STATES)[number];

/** The 10 digits of an Indian mobile number typed with spaces, hyphens, +91, 91 or 0 in
 * front, or null when it is not one (10 digits, the first 6 to 9), as the server reads it. */
export function mobileDigits(raw: string): string | null {
  const text = raw.trim();
  if (!/^\+?[\d -]*$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  let national = digits;
  if (digits.length === 11 && digits.startsWith('0')) national = digits.slice(1);
  else if (digits.length === 12 && digits.startsWith('91')) national = digits.slice(2);
  return /^[6-9]\d{9}$/.test(national) ? national : null;
}

/** The 10 digits of an Indian phone number (a mobile, or a landline with its STD code; the
 * first digit 1 to 9) written with spaces or hyphens, +91, 91 or the trunk 0 in front, or
 * null, as the server reads it (`kernel::national_phone`). */
export function nationalPhone(raw: string): string | null {
  const text = raw.replace(/^ +| +$/g, '');
  const plus = text.startsWith('+');
  const rest = plus ? text.slice(1) : text;
  if (!/^\d[\d -]*$/.test(rest)) return null;
  const digits = rest.replace(/\D/g, '');
  let national: string | null = null;
  if (digits.length === 10 && !plus) national = digits;
  else if (digits.length === 11 && !plus && digits.startsWith('0')) national = digits.slice(1);
  else if (digits.length === 12 && digits.startsWith('91')) national = digits.slice(2);
  return national && /^[1-9]/.test(national) ? national : null;
}

/** The calendar day (YYYY-MM-DD) in India at a moment, by default now: the calendar of the
 * server's dates, date filters and windows (`kernel::india`). */
export function indiaDay(at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** A stored 10-digit mobile as the shop shows it: +91-98765-43210. */
export function formatMobile(digits: string | null | undefined): string {
  if (!digits) return '';
  return /^\d{10}$/.test(digits) ? `+91-${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}
