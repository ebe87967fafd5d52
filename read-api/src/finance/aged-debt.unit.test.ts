import { describe, expect, it } from 'vitest';
import { ageBand, ageDebts } from './aged-debt';

describe('aged debtors', () => {
  it('puts an invoice in its band by days since issue: 0-30, 31-60, 61-90, 90+', () => {
    expect(ageBand('2026-11-23', '2026-11-23')).toBe(0);
    expect(ageBand('2026-10-24', '2026-11-23')).toBe(0);
    expect(ageBand('2026-10-23', '2026-11-23')).toBe(1);
    expect(ageBand('2026-09-24', '2026-11-23')).toBe(1);
    expect(ageBand('2026-09-23', '2026-11-23')).toBe(2);
    expect(ageBand('2026-08-25', '2026-11-23')).toBe(2);
    expect(ageBand('2026-08-24', '2026-11-23')).toBe(3);
  });

  it('sums what each debtor owes per band, the biggest debt first, and leaves settled invoices out', () => {
    const council = { debtorId: 'f1', debtorName: 'Leeds City Council' };
    const nhs = { debtorId: 'f2', debtorName: 'NHS West Yorkshire' };
    expect(
      ageDebts(
        [
          { ...council, issuedOn: '2026-11-01', owedPence: 100_00 },
          { ...council, issuedOn: '2026-07-01', owedPence: 50_00 },
          { ...nhs, issuedOn: '2026-10-01', owedPence: 500_00 },
          { ...nhs, issuedOn: '2026-10-02', owedPence: 0 },
        ],
        '2026-11-23',
      ),
    ).toEqual([
      { debtorId: 'f2', debtorName: 'NHS West Yorkshire', bands: [0, 500_00, 0, 0], totalPence: 500_00 },
      { debtorId: 'f1', debtorName: 'Leeds City Council', bands: [100_00, 0, 0, 50_00], totalPence: 150_00 },
    ]);
  });
});
