import { formatMobile } from './india';

/** The parts of a delivery address a one-line form shows (a saved address, an order's). */
export interface AddressParts {
  fullName?: string | null;
  addressLine1: string;
  addressLine2?: string | null;
  /** Printed as typed ("Near CMH Hospital", "Opp. Cool Joint"): no "near" is added. */
  landmark?: string | null;
  city: string;
  state: string;
  postalCode: string;
  phone?: string | null;
}

/** One line: recipient, address, landmark, city, state, PIN and the mobile as +91-XXXXX-XXXXX. */
export function formatAddress(a: AddressParts): string {
  return [a.fullName, a.addressLine1, a.addressLine2, a.landmark?.trim(), a.city, a.state, a.postalCode, formatMobile(a.phone)]
    .filter(Boolean)
    .join(', ');
}
