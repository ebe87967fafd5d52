import { describe, expect, it } from 'vitest';
import type { ContractRenewalFact } from '@care/projector/rule-facts';
import { contractRenewalDue } from './contract-rules';

const NOW = new Date('2026-11-23T10:30:00Z');
const contract = (renewalDate: string, endDate = '2027-03-31'): ContractRenewalFact => ({
  id: '0190a6b0-0000-7000-8000-0000000000a1',
  contractNumber: 'CT-2026-014',
  clientId: '0190a6b0-0000-7000-8000-0000000000c1',
  clientName: 'Edith Green',
  renewalDate,
  endDate,
});

describe('contract renewal due rule', () => {
  it('given a running contract whose renewal date is in 30 days, raises a medium alert saying which contract and when', () => {
    expect(contractRenewalDue.severity).toBe('medium');
    const [alert] = contractRenewalDue.holds([contract('2026-12-23')], NOW);
    expect(alert).toEqual({
      subject: '0190a6b0-0000-7000-8000-0000000000a1',
      title: 'Contract renewal due',
      description:
        "Contract CT-2026-014 for Edith Green's care is due for renewal on 23/12/2026; it ends on 31/03/2027.",
      relatedKind: 'contract',
      relatedId: '0190a6b0-0000-7000-8000-0000000000a1',
      carerId: null,
      clientId: '0190a6b0-0000-7000-8000-0000000000c1',
      appointmentId: null,
      actionRequired: 'Agree the renewal with the client or funder and record it on the contract',
      dueDate: '2026-12-23T23:59:59.000Z',
    });
  });

  it('given a renewal date 31 days away, raises nothing yet', () => {
    expect(contractRenewalDue.holds([contract('2026-12-24')], NOW)).toEqual([]);
  });

  it('given a renewal date already passed on a contract still running, says it was due', () => {
    const [alert] = contractRenewalDue.holds([contract('2026-11-01')], NOW);
    expect(alert?.description).toBe(
      "Contract CT-2026-014 for Edith Green's care was due for renewal on 01/11/2026; it ends on 31/03/2027.",
    );
  });

  it('given a contract that has ended, raises nothing', () => {
    expect(contractRenewalDue.holds([contract('2026-10-01', '2026-11-22')], NOW)).toEqual([]);
  });
});
