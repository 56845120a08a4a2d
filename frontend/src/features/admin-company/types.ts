export interface Company {
  name: string;
  email: string;
  phone: string;
  address: string;
  pincode: string;
  logoUrl: string | null;
}

export type LegalSlug = 'privacy-policy' | 'terms-conditions';

export interface LegalPage {
  id: string;
  title: string;
  slug: string;
  content: string;
  createdAt: string;
  updatedAt: string;
}
