import { describe, expect, it } from 'vitest';
import { contractStatus } from './contract-view-schema';
import { decimalToMicros, setExchangeRatesRequestSchema } from './contract-request';
import { convertPence, formatMinorUnits, microsToDecimal } from './currency';

describe('currency exchange', () => {
  it('keeps a typed rate as whole millionths, never a float', () => {
    expect(decimalToMicros('1.27')).toBe(1_270_000);
    expect(decimalToMicros('0.000001')).toBe(1);
    expect(decimalToMicros('1.2345678')).toBeNull();
    expect(decimalToMicros('-1')).toBeNull();
    expect(microsToDecimal(1_270_000)).toBe('1.27');
    expect(microsToDecimal(2_000_000)).toBe('2.00');
    expect(microsToDecimal(1_234_567)).toBe('1.234567');
  });

  it('converts pence to cents at the rate, rounding half up, exactly even past 2^53', () => {
    expect(convertPence(100_00, 1_270_000)).toBe(127_00);
    expect(convertPence(1, 1_500_000)).toBe(2);
    expect(convertPence(1, 1_499_999)).toBe(1);
    expect(convertPence(-1, 1_500_000)).toBe(-2);
    expect(convertPence(1_000_000_000, 1_000_000_000)).toBe(1_000_000_000_000);
    // 999,150,794p at 999,999.937 is 999,150,731,053.499978 cents: rounds down. The product is past 2^53, where
    // floating point reads it as ...053.5 and rounds up a cent.
    expect(convertPence(999_150_794, 999_999_937)).toBe(999_150_731_053);
    expect(convertPence(-999_150_794, 999_999_937)).toBe(-999_150_731_053);
    expect(formatMinorUnits(123_456_78, 'USD')).toBe('US$123,456.78');
    expect(formatMinorUnits(-5, 'EUR')).toBe('-€0.05');
  });

  it('refuses a rate that is not a positive decimal, with a message naming the currency', () => {
    const parsed = setExchangeRatesRequestSchema.safeParse({
      effectiveOn: '2026-11-01',
      rates: { USD: '1.27', EUR: 'abc', CAD: '1.75', AUD: '1.93' },
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('EUR rate must be a number above 0 with at most 6 decimals');
    expect(
      setExchangeRatesRequestSchema.parse({
        effectiveOn: '2026-11-01',
        rates: { USD: '1.27', EUR: 1.16, CAD: '1.75', AUD: '1.93' },
      }).rates,
    ).toEqual({
      USD: 1_270_000,
      EUR: 1_160_000,
      CAD: 1_750_000,
      AUD: 1_930_000,
    });
  });

  it("derives a contract's status from its dates and today", () => {
    const dates = { startDate: '2026-04-01', endDate: '2027-03-31' };
    expect(contractStatus(dates, '2026-03-31')).toBe('upcoming');
    expect(contractStatus(dates, '2026-04-01')).toBe('active');
    expect(contractStatus(dates, '2027-03-31')).toBe('active');
    expect(contractStatus(dates, '2027-04-01')).toBe('expired');
  });
});

describe('the audit names the slice’s streams', () => {
  it('as contract, contract number reservation and exchange rates', async () => {
    const { recordOf } = await import('../audit/record-kinds');
    expect(recordOf('contract-0190a6b0-0000-7000-8000-0000000000a1')).toMatchObject({
      kind: 'contract',
      kindLabel: 'Contract',
    });
    expect(recordOf('contract-number-ct-2026-014')).toMatchObject({
      kind: 'contract-number',
      id: 'ct-2026-014',
      kindLabel: 'Contract number reservation',
    });
    expect(recordOf('exchange-rates-gbp')).toMatchObject({
      kind: 'exchange-rates',
      id: 'gbp',
      kindLabel: 'Exchange rates',
    });
  });
});
