import { describe, expect, it } from 'vitest';
import { daysUntil, expiresWithin, formatName } from './tls.ts';

const NOW = Date.parse('2030-01-10T00:00:00Z');
const DAY = 86_400_000;

describe('certificate dates', () => {
  it('count whole days left, negative once expired', () => {
    expect(daysUntil(NOW + 3 * DAY - 1000, NOW)).toBe(2);
    expect(daysUntil(NOW + 3 * DAY, NOW)).toBe(3);
    expect(daysUntil(NOW - 1000, NOW)).toBe(-1);
  });

  it('say whether expiry falls within a number of days', () => {
    expect(expiresWithin(NOW + 3 * DAY, 14, NOW)).toBe(true);
    expect(expiresWithin(NOW + 14 * DAY, 14, NOW)).toBe(false);
    expect(expiresWithin(NOW - DAY, 14, NOW)).toBe(true);
  });
});

describe('formatName', () => {
  it("writes a certificate's name on one line", () => {
    expect(formatName({ C: 'DE', O: 'Example', CN: 'shop.example' })).toBe(
      'C=DE, O=Example, CN=shop.example',
    );
    expect(formatName({ OU: ['a', 'b'] })).toBe('OU=a+b');
    expect(formatName(undefined)).toBeNull();
    expect(formatName({})).toBeNull();
  });
});
