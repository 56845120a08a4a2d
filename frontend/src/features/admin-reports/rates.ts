import { formatMoney } from '@/lib/money';
import type { GstRateRule, GstRateRuleInput } from './api';

/** `2027-04-01` → `1 April 2027`. */
export function dayText(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

const percent = (bp: number) => `${bp / 100}%`;

/** "5% up to ₹2,500.00, 18% above" (values per piece before tax). */
export function slabsText(rule: Pick<GstRateRule, 'slabs'>): string {
  if (rule.slabs.length === 1) return percent(rule.slabs[0].rateBasisPoints);
  return rule.slabs
    .map((s) => (s.upTo == null ? `${percent(s.rateBasisPoints)} above` : `${percent(s.rateBasisPoints)} up to ${formatMoney(s.upTo)}`))
    .join(', ');
}

/** Which rule is in force today for its prefix, which were replaced and which are to come. */
export function status(rule: GstRateRule, rules: GstRateRule[], today: string): string {
  if (rule.effectiveFrom > today) return 'From ' + dayText(rule.effectiveFrom);
  const newer = rules.some((r) => r.hsnPrefix === rule.hsnPrefix && r.effectiveFrom > rule.effectiveFrom && r.effectiveFrom <= today);
  return newer ? 'Replaced' : 'In force';
}

export interface SlabRow {
  upTo: string;
  rate: string;
}

export const emptySlabs: SlabRow[] = [{ upTo: '', rate: '' }];

/** The new rule from the form, or the first problem found. */
export function ruleFromForm(prefix: string, effectiveFrom: string, slabs: SlabRow[]): GstRateRuleInput | string {
  if (!/^\d{2,8}$/.test(prefix.trim())) return 'An HSN prefix has 2 to 8 digits';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(effectiveFrom)) return 'Choose the date the rule takes effect';
  const out: GstRateRuleInput['slabs'] = [];
  let previous = 0;
  for (const [i, slab] of slabs.entries()) {
    const last = i === slabs.length - 1;
    const rate = slab.rate.trim();
    if (!/^\d{1,2}(\.\d{1,2})?$/.test(rate) || Number(rate) > 28) return 'A rate is a percentage from 0 to 28, at most two decimals';
    let upTo: number | null = null;
    if (!last) {
      const limit = slab.upTo.trim();
      if (!/^\d+(\.\d{1,2})?$/.test(limit) || Number(limit) <= 0) return 'Give every slab but the last a limit in rupees, at most two decimals';
      upTo = Number(limit);
      if (upTo <= previous) return 'The limits must go up from slab to slab';
      previous = upTo;
    }
    out.push({ upTo, rateBasisPoints: Math.round(Number(rate) * 100) });
  }
  return { hsnPrefix: prefix.trim(), effectiveFrom, slabs: out };
}

