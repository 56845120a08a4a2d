import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api';

/** The owner's limits on cash-on-delivery orders; amounts in rupees, null: no limit. */
export interface CodRules {
  codMinOrderValue: number | null;
  codMaxOrderValue: number | null;
  maxOpenCodOrders: number;
  maxUnitsPerLine: number;
}

export interface CodSettings extends CodRules {
  blockedPincodes: string[];
}

export interface PincodeCheck {
  pincode: string;
  state: string | null;
  delivery: boolean;
  cod: boolean;
  message: string;
  rules: CodRules;
}

export interface CodCheck {
  available: boolean;
  code: string | null;
  message: string;
  rules: CodRules;
}

export const codKeys = {
  settings: ['me', 'admin', 'cod-settings'] as const,
  checkout: (addressId: string, cartVersion: string) => ['me', 'checkout-cod', addressId, cartVersion] as const,
  pincode: (pin: string) => ['delivery', pin] as const,
};

export async function fetchCodSettings(): Promise<CodSettings> {
  const body = await api.get<Envelope<CodSettings>>('/settings/cod');
  return body.data;
}

export async function saveCodSettings(settings: Partial<CodSettings>): Promise<Envelope<CodSettings>> {
  return api.put<Envelope<CodSettings>>('/settings/cod', settings);
}

export async function checkPincode(pin: string): Promise<PincodeCheck> {
  const body = await api.get<Envelope<PincodeCheck>>(`/delivery/${encodeURIComponent(pin)}`);
  return body.data;
}

export async function checkCheckout(addressId: string): Promise<CodCheck> {
  const body = await api.get<Envelope<CodCheck>>('/checkout/cod', { params: { addressId } });
  return body.data;
}

export const codSettingsQuery = () => queryOptions({ queryKey: codKeys.settings, queryFn: fetchCodSettings, staleTime: 0 });

/** Whether the order as it stands (this address, this cart) would be accepted for cash on
 * delivery: asked again whenever the address or the cart changes. */
export function useCheckoutCod(addressId: string | null, cartVersion: string) {
  return useQuery({
    queryKey: codKeys.checkout(addressId ?? '', cartVersion),
    queryFn: () => checkCheckout(addressId ?? ''),
    enabled: Boolean(addressId),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
