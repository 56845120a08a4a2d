import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderWithApp } from '@/testing/render';
import { signInAdmin } from '@/testing/admin';
import { ruleFromForm } from '../rates';
import { GstRates } from './GstRates';

const twoSlabs = (rate: number) => [
  { upTo: 2500, rateBasisPoints: 500, rate: '5%' },
  { upTo: null, rateBasisPoints: rate, rate: `${rate / 100}%` },
];
const seeded = [
  { hsnPrefix: '4202', effectiveFrom: '2025-09-22', slabs: [{ upTo: null, rateBasisPoints: 1800, rate: '18%' }] },
  { hsnPrefix: '61', effectiveFrom: '2025-09-22', slabs: twoSlabs(1800) },
  { hsnPrefix: '62', effectiveFrom: '2099-04-01', slabs: twoSlabs(1200) },
];
const asSent = (rule: (typeof seeded)[number]) => ({
  hsnPrefix: rule.hsnPrefix,
  effectiveFrom: rule.effectiveFrom,
  slabs: rule.slabs.map((s) => ({ upTo: s.upTo, rateBasisPoints: s.rateBasisPoints })),
});

/** The mocked table; every PUT is recorded and answered with `answer` (or the rules sent). */
function mockRates(answer?: { status: number; message: string }) {
  const sent: unknown[] = [];
  server.use(
    http.get('/api/gst/rates', () => HttpResponse.json({ data: seeded })),
    http.put('/api/gst/rates', async ({ request }) => {
      const body = (await request.json()) as { rules: typeof seeded };
      sent.push(body);
      if (answer) return HttpResponse.json({ message: answer.message, code: 'rule_in_use' }, { status: answer.status });
      return HttpResponse.json({
        data: body.rules.map((r) => ({ ...r, slabs: r.slabs.map((s) => ({ ...s, rate: `${s.rateBasisPoints / 100}%` })) })),
        message: 'GST rates saved: changes apply to documents issued from their effective date',
      });
    }),
  );
  return sent;
}

describe('a new GST rule from the form', () => {
  it('checks the prefix, the rates and the limits before anything is sent', () => {
    const slab = (rate: string, upTo = '') => ({ rate, upTo });
    expect(ruleFromForm('6', '2027-04-01', [slab('12')])).toBe('An HSN prefix has 2 to 8 digits');
    expect(ruleFromForm('61', '', [slab('12')])).toBe('Choose the date the rule takes effect');
    expect(ruleFromForm('61', '2027-04-01', [slab('29')])).toBe('A rate is a percentage from 0 to 28, at most two decimals');
    expect(ruleFromForm('61', '2027-04-01', [slab('5', '3000'), slab('12', '2000'), slab('18')])).toBe(
      'The limits must go up from slab to slab',
    );
    expect(ruleFromForm('61', '2027-04-01', [slab('5', ''), slab('18')])).toBe(
      'Give every slab but the last a limit in rupees, at most two decimals',
    );
    expect(ruleFromForm(' 6109 ', '2027-04-01', [slab('2.5', '1000.50'), slab('18', 'ignored')])).toEqual({
      hsnPrefix: '6109',
      effectiveFrom: '2027-04-01',
      slabs: [
        { upTo: 1000.5, rateBasisPoints: 250 },
        { upTo: null, rateBasisPoints: 1800 },
      ],
    });
  });
});

describe('GST rates section', () => {
  it('scrolls the rate table sideways on its own, so a phone\'s page keeps its width', async () => {
    signInAdmin();
    mockRates();
    renderWithApp(<GstRates />);
    const table = await screen.findByRole('table', { name: 'GST rate rules' });
    const scroller = table.parentElement as HTMLElement;
    expect(getComputedStyle(scroller).overflowX).toBe('auto');
    expect(screen.getByRole('region', { name: 'GST rates' })).toContainElement(scroller);
  });

  it('lists the rules and adds a two-slab rule from a later date to the table', async () => {
    signInAdmin();
    const sent = mockRates();
    renderWithApp(<GstRates />);
    const table = await screen.findByRole('table', { name: 'GST rate rules' });
    const row = (text: string) => within(table).getByRole('row', { name: new RegExp(text) });
    expect(await within(table).findByText('5% up to ₹2,500.00, 18% above')).toBeInTheDocument();
    expect(row('^61 22 September 2025')).toHaveTextContent('In force');
    expect(row('^62 1 April 2099')).toHaveTextContent('From 1 April 2099');
    expect(screen.getByText(/Changes apply to documents issued from their effective date/)).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Add a GST rate rule' });
    const u = userEvent.setup();
    await u.type(within(form).getByLabelText('HSN prefix'), '6');
    await u.click(within(form).getByRole('button', { name: 'Add rule' }));
    expect(within(form).getByText('An HSN prefix has 2 to 8 digits')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await u.type(within(form).getByLabelText('HSN prefix'), '1');
    fireEvent.change(within(form).getByLabelText('Effective from'), { target: { value: '2027-04-01' } });
    await u.click(within(form).getByRole('button', { name: 'Add a lower slab' }));
    await u.type(within(form).getByLabelText('Slab 1 rate (%)'), '5');
    await u.type(within(form).getByLabelText('Slab 1 up to (₹ per piece before tax)'), '3000');
    await u.type(within(form).getByLabelText('Slab 2 rate (%)'), '12');
    await u.click(within(form).getByRole('button', { name: 'Add rule' }));
    expect(await screen.findByText('GST rates saved: changes apply to documents issued from their effective date')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        rules: [
          ...seeded.map(asSent),
          {
            hsnPrefix: '61',
            effectiveFrom: '2027-04-01',
            slabs: [
              { upTo: 3000, rateBasisPoints: 500 },
              { upTo: null, rateBasisPoints: 1200 },
            ],
          },
        ],
      },
    ]);
    expect(await within(table).findByText('5% up to ₹3,000.00, 12% above')).toBeInTheDocument();
    expect(within(form).getByLabelText('HSN prefix')).toHaveValue('');
  });

  it('deletes a rule still to come, offers no delete for rules in force, and shows why a change is refused', async () => {
    signInAdmin();
    const refusal = 'Invoice KP/26-27/1 of 25 November 2026 (HSN 6109) was issued under the rule for HSN 61 from 22 September 2025';
    const sent = mockRates({ status: 422, message: refusal });
    renderWithApp(<GstRates />);
    const table = await screen.findByRole('table', { name: 'GST rate rules' });
    await within(table).findByText('62');
    expect(within(table).queryByRole('button', { name: /Delete the rule for 61/ })).toBeNull();
    const u = userEvent.setup();
    await u.click(within(table).getByRole('button', { name: 'Delete the rule for 62 from 1 April 2099' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(sent).toEqual([{ rules: seeded.slice(0, 2).map(asSent) }]);
  });
});
