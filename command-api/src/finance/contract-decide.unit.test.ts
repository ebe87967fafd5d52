import { describe, expect, it } from 'vitest';
import type { ContractEvent, CreateContractCommandInput } from '@care/events';
import { decideContract, evolveContract, initialContractState, type ContractState } from './contract-decide';

const contractId = '0190a6b0-0000-7000-8000-0000000000a1';
const clientId = '0190a6b0-0000-7000-8000-0000000000c1';
const input: CreateContractCommandInput = {
  contractNumber: 'CT-2026-014',
  clientId,
  startDate: '2026-04-01',
  endDate: '2027-03-31',
  valuePence: 18_500_00,
  services: ['Personal care', 'Medication support', 'personal care'],
  renewalDate: '2027-02-28',
};
const given = (events: ContractEvent[]): ContractState => events.reduce(evolveContract, initialContractState);
const created = decideContract({ type: 'CreateContract', contractId, input }, initialContractState);

describe('contracts', () => {
  it('given no contract, when an admin creates one, then ContractCreated holds its dates, value and each service once', () => {
    expect(created).toEqual([
      {
        type: 'ContractCreated',
        data: {
          contractId,
          contractNumber: 'CT-2026-014',
          clientId,
          startDate: '2026-04-01',
          endDate: '2027-03-31',
          valuePence: 18_500_00,
          services: ['Personal care', 'Medication support'],
          renewalDate: '2027-02-28',
        },
      },
    ]);
  });

  it('given no contract, when it would end before it starts, then it is refused', () => {
    expect(() =>
      decideContract(
        { type: 'CreateContract', contractId, input: { ...input, endDate: '2026-03-31' } },
        initialContractState,
      ),
    ).toThrow('The end date is before the start date');
  });

  it('given no contract, when the renewal date is after the end date, then it is refused', () => {
    expect(() =>
      decideContract(
        { type: 'CreateContract', contractId, input: { ...input, renewalDate: '2027-04-01' } },
        initialContractState,
      ),
    ).toThrow('The renewal date must be on or before the end date');
  });

  it('given a contract, when it is created again, then it is refused (conflict)', () => {
    expect(() => decideContract({ type: 'CreateContract', contractId, input }, given(created))).toThrow(
      'Contract already exists',
    );
  });

  it('given a contract, when it is renewed to a later end date, then ContractRenewed carries the new dates and value', () => {
    const renewal = { endDate: '2028-03-31', renewalDate: '2028-02-28', valuePence: 19_000_00 };
    expect(decideContract({ type: 'RenewContract', contractId, input: renewal }, given(created))).toEqual([
      { type: 'ContractRenewed', data: { contractId, clientId, ...renewal } },
    ]);
  });

  it('given a contract, when a renewal does not move the end date on, then it is refused', () => {
    expect(() =>
      decideContract(
        {
          type: 'RenewContract',
          contractId,
          input: { endDate: '2027-03-31', renewalDate: '2027-02-28', valuePence: 1 },
        },
        given(created),
      ),
    ).toThrow('A renewal must end after the current end date');
  });

  it('given no contract, when it is renewed, then it is not found', () => {
    expect(() =>
      decideContract(
        {
          type: 'RenewContract',
          contractId,
          input: { endDate: '2028-03-31', renewalDate: '2028-02-28', valuePence: 1 },
        },
        initialContractState,
      ),
    ).toThrow('Contract not found');
  });
});
