import { describe, expect, it } from 'vitest';
import { rateForClient } from './pricing';

const rate = (effectiveFrom: string, clientId: string | null, weekday: number) => ({
  effectiveFrom,
  clientId,
  weekday,
});
const edith = '0190a5b2-7c3d-7e4f-8a1b-0000000000e1';

describe('rateForClient', () => {
  const rates = [rate('2026-01-01', null, 24_00), rate('2026-04-01', null, 25_00), rate('2026-03-05', edith, 30_00)];

  it("gives a client their own agreed rate from its date, and the funder's rate in force before it", () => {
    expect(rateForClient(rates, edith, '2026-03-04')?.weekday).toBe(24_00);
    expect(rateForClient(rates, edith, '2026-03-05')?.weekday).toBe(30_00);
    // The funder's April rise does not touch the agreed rate.
    expect(rateForClient(rates, edith, '2026-04-02')?.weekday).toBe(30_00);
  });

  it('gives every other client the funder rate in force, and nothing before any rate', () => {
    expect(rateForClient(rates, 'another', '2026-04-02')?.weekday).toBe(25_00);
    expect(rateForClient(rates, edith, '2025-12-31')).toBeNull();
    // A rate set before client rates existed has no clientId at all: it is the funder's.
    expect(rateForClient([{ effectiveFrom: '2026-01-01', weekday: 20_00 }], edith, '2026-02-01')?.weekday).toBe(20_00);
  });
});
