import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api';
import type { Company, LegalPage, LegalSlug } from '../types';

export const adminCompanyKeys = {
  company: ['me', 'admin', 'company'] as const,
  legal: ['me', 'admin', 'legal-pages'] as const,
};

export async function fetchCompany(): Promise<Company | null> {
  const body = await api.get<Envelope<Company | null>>('/company-details');
  return body?.data ?? null;
}

export async function fetchLegalPages(): Promise<LegalPage[]> {
  const body = await api.get<Envelope<LegalPage[]>>('/legal-pages');
  return Array.isArray(body?.data) ? body.data : [];
}

export interface CompanyValues {
  name: string;
  email: string;
  phone: string;
  address: string;
  pincode: string;
  legalName: string;
  gstin: string;
  state: string;
  invoicePrefix: string;
  /** The grievance officer (Consumer Protection (E-Commerce) Rules, 2020, rule 4(4)). */
  grievanceOfficer: string;
  grievanceDesignation: string;
  grievanceEmail: string;
  grievancePhone: string;
  logo: File | null;
}

export interface GstState {
  code: string;
  name: string;
}

/** The 36 states and union territories with their GST codes, as the shop knows them. */
export async function fetchGstStates(): Promise<GstState[]> {
  const body = await api.get<Envelope<GstState[]>>('/gst/states');
  return Array.isArray(body?.data) ? body.data : [];
}

export function useGstStates() {
  return useQuery({ queryKey: ['gst', 'states'], queryFn: fetchGstStates, staleTime: Infinity });
}

export async function saveCompany(values: CompanyValues): Promise<Envelope<Company>> {
  const form = new FormData();
  form.append('name', values.name.trim());
  form.append('email', values.email.trim());
  form.append('phone', values.phone.trim());
  form.append('address', values.address.trim());
  form.append('pincode', values.pincode.trim());
  form.append('legalName', values.legalName.trim());
  form.append('gstin', values.gstin.trim().toUpperCase());
  form.append('state', values.state);
  form.append('invoicePrefix', values.invoicePrefix.trim().toUpperCase());
  form.append('grievanceOfficer', values.grievanceOfficer.trim());
  form.append('grievanceDesignation', values.grievanceDesignation.trim());
  form.append('grievanceEmail', values.grievanceEmail.trim());
  form.append('grievancePhone', values.grievancePhone.trim());
  if (values.logo) form.append('logo', values.logo, values.logo.name);
  return api.put<Envelope<Company>>('/company-details', form);
}

export async function saveLegalPage(input: { slug: LegalSlug; title: string; content: string }): Promise<Envelope<LegalPage>> {
  return api.post<Envelope<LegalPage>>('/legal-pages', input);
}

export const companyAdminQuery = () =>
  queryOptions({ queryKey: adminCompanyKeys.company, queryFn: fetchCompany, staleTime: 0 });
export const legalAdminQuery = () =>
  queryOptions({ queryKey: adminCompanyKeys.legal, queryFn: fetchLegalPages, staleTime: 0 });

export function useCompany() {
  return useQuery(companyAdminQuery());
}

export function useLegalPages() {
  return useQuery(legalAdminQuery());
}

export function useSaveCompany(onSaved?: (company: Company | null) => void) {
  return useMutation({ mutationFn: saveCompany, onSuccess: (res) => onSaved?.(res?.data ?? null) });
}

export function useSaveLegalPage(onSaved?: () => void) {
  return useMutation({ mutationFn: saveLegalPage, onSuccess: () => onSaved?.() });
}
