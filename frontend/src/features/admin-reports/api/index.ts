import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema';

/** Under the admin orders' key: an order's status change reads the figures again too. */
export const summaryKey = ['me', 'admin', 'orders', 'summary'] as const;

type SummaryAnswer = components['schemas']['Envelope_FiguresDto'];
/** The back office's figures (`GET /api/reports/summary`), as the OpenAPI document describes them. */
export type Summary = SummaryAnswer['data'];
/** One India calendar day: orders placed (cancelled ones left out) and their revenue in rupees. */
export type DaySales = components['schemas']['DaySalesDto'];

export async function fetchSummary(): Promise<Summary> {
  const body = await api.get<SummaryAnswer>('/reports/summary');
  return body.data;
}

export const summaryQuery = () => queryOptions({ queryKey: summaryKey, queryFn: fetchSummary, staleTime: 0 });

type RatesAnswer = components['schemas']['Envelope_Vec_GstRateRuleDto'];
/** One rule of the GST rate table as `GET /api/gst/rates` gives it. */
export type GstRateRule = components['schemas']['GstRateRuleDto'];
/** A rule as `PUT /api/gst/rates` takes it. */
export type GstRateRuleInput = components['schemas']['GstRateRuleInput'];

export const gstRatesKey = ['me', 'admin', 'gst-rates'] as const;

export async function fetchGstRates(): Promise<GstRateRule[]> {
  const body = await api.get<RatesAnswer>('/gst/rates');
  return body.data;
}

/** Replaces the whole table (rules left out are deleted). */
export async function saveGstRates(rules: GstRateRuleInput[]): Promise<RatesAnswer> {
  return api.put<RatesAnswer>('/gst/rates', { rules } satisfies components['schemas']['GstRatesRequest']);
}

/** A rule as read, to be sent back unchanged. */
export function asInput(rule: GstRateRule): GstRateRuleInput {
  return {
    hsnPrefix: rule.hsnPrefix,
    effectiveFrom: rule.effectiveFrom,
    slabs: rule.slabs.map((s) => ({ upTo: s.upTo ?? null, rateBasisPoints: s.rateBasisPoints })),
  };
}

export const gstRatesQuery = () => queryOptions({ queryKey: gstRatesKey, queryFn: fetchGstRates, staleTime: 0 });
