import { describe, expect, it } from 'vitest';
import { formatMobile, indiaDay, mobileDigits, STATES } from './india';

describe('India form values', () => {
  it('lists the 36 states and union territories once each', () => {
    expect(STATES).toHaveLength(36);
    expect(new Set(STATES).size).toBe(36);
    expect(STATES).toContain('Dadra and Nagar Haveli and Daman and Diu');
  });

  it('reads a mobile number the way the server does', () => {
    for (const typed of ['9876543210', '+91 98765 43210', '098765-43210', '919876543210']) {
      expect(mobileDigits(typed)).toBe('9876543210');
    }
    for (const bad of ['5876543210', '98765', '+44 9876543210', '98765abcde']) {
      expect(mobileDigits(bad)).toBeNull();
    }
    expect(formatMobile('9876543210')).toBe('+91-98765-43210');
  });

  it("names India's calendar day, which starts at 18:30 UTC", () => {
    expect(indiaDay(new Date('2027-03-31T18:29:00Z'))).toBe('2027-03-31');
    expect(indiaDay(new Date('2027-03-31T18:31:00Z'))).toBe('2027-04-01');
  });
});
