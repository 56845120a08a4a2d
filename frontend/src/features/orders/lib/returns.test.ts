import { describe, expect, it } from 'vitest';
import { deliveredLate } from './returns';

describe('deliveredLate', () => {
  const expected = '2026-12-08';
  it("is late from the day after the expected date, in India's calendar", () => {
    // 23:59 and 00:01 in India on either side of midnight after the 8th.
    expect(deliveredLate({ deliveredOn: '2026-12-08T18:29:00Z', expectedDeliveryDate: expected })).toBe(false);
    expect(deliveredLate({ deliveredOn: '2026-12-08T18:31:00Z', expectedDeliveryDate: expected })).toBe(true);
  });

  it('is not late when not delivered or without a date', () => {
    expect(deliveredLate({ deliveredOn: null, expectedDeliveryDate: expected })).toBe(false);
    expect(deliveredLate({ deliveredOn: '2026-12-20T10:00:00Z', expectedDeliveryDate: null })).toBe(false);
    expect(deliveredLate({ deliveredOn: 'soon', expectedDeliveryDate: expected })).toBe(false);
  });
});
