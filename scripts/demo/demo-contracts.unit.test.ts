import { describe, expect, it } from 'vitest';
import { addDays, contractStatus, createContractRequestSchema, setExchangeRatesRequestSchema } from '@care/events';
import { demoContracts, demoExchangeRates } from './demo-contracts';

const today = '2026-11-23';
const clientIds = Array.from(
  { length: 10 },
  (_, index) => `0190a6b0-0000-7000-8000-0000000000${String(index).padStart(2, '0')}`,
);

describe('demo contracts and exchange rates', () => {
  it('are valid requests: one renewing within 30 days, one expired, one upcoming, the rest active', () => {
    const contracts = demoContracts(clientIds, today);
    expect(contracts).toHaveLength(8);
    for (const contract of contracts) {
      expect(createContractRequestSchema.safeParse(contract).success).toBe(true);
      expect(contract.renewalDate <= contract.endDate).toBe(true);
    }
    const statuses = contracts.map((contract) => contractStatus(contract, today));
    expect(statuses.filter((status) => status === 'expired')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'upcoming')).toHaveLength(1);
    const renewing = contracts.filter(
      (contract) =>
        contractStatus(contract, today) === 'active' &&
        contract.renewalDate >= today &&
        contract.renewalDate <= addDays(today, 30),
    );
    expect(renewing.map((contract) => contract.contractNumber)).toEqual(['CT-2026-001']);
    expect(new Set(contracts.map((contract) => contract.contractNumber)).size).toBe(8);
  });

  it('sets the rates twice, the newest this week', () => {
    const rates = demoExchangeRates(today);
    for (const setting of rates) expect(setExchangeRatesRequestSchema.safeParse(setting).success).toBe(true);
    expect(rates.at(-1)?.effectiveOn).toBe('2026-11-21');
  });
});
