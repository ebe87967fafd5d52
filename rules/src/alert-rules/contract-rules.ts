import { addDays, londonToday, ukDate } from '@care/events';
import { contractRenewalsDue, contractsById, type ContractRenewalFact } from '@care/projector/rule-facts';
import type { AlertRule } from './rule';

/** How far ahead a renewal is flagged ("renewal due within 30 days"). */
export const CONTRACT_RENEWAL_NOTICE_DAYS = 30;

/**
 * A running contract whose renewal date is within 30 days, or passed without a renewal. One alert per
 * contract, cleared when it is renewed (the renewal date moves on) or once the contract has ended.
 */
export const contractRenewalDue: AlertRule<ContractRenewalFact> = {
  name: 'contract-renewal-due',
  severity: 'medium',
  summary:
    "A client contract's renewal date is within 30 days (or has passed) while the contract still runs. Cleared when it is renewed or has ended.",
  reads: ['finance_contracts'],
  watches: ['ContractCreated', 'ContractRenewed'],
  facts: (db, now) => {
    const today = londonToday(now);
    return contractRenewalsDue(db, today, addDays(today, CONTRACT_RENEWAL_NOTICE_DAYS));
  },
  holds: (facts, now) => {
    const today = londonToday(now);
    const horizon = addDays(today, CONTRACT_RENEWAL_NOTICE_DAYS);
    return facts
      .filter((fact) => fact.renewalDate <= horizon && fact.endDate >= today)
      .map((fact) => ({
        subject: fact.id,
        title: 'Contract renewal due',
        description: `Contract ${fact.contractNumber}${fact.clientName ? ` for ${fact.clientName}'s care` : ''} ${
          fact.renewalDate < today ? 'was' : 'is'
        } due for renewal on ${ukDate(fact.renewalDate)}; it ends on ${ukDate(fact.endDate)}.`,
        relatedKind: 'contract' as const,
        relatedId: fact.id,
        carerId: null,
        clientId: fact.clientId,
        appointmentId: null,
        actionRequired: 'Agree the renewal with the client or funder and record it on the contract',
        dueDate: `${fact.renewalDate}T23:59:59.000Z`,
      }));
  },
  async whyCleared(db, subjects, now) {
    const today = londonToday(now);
    const contracts = await contractsById(db, subjects);
    return subjects.map((subject) => {
      const contract = contracts.find((fact) => fact.id === subject);
      if (!contract) return { subject, note: 'The contract is no longer due for renewal' };
      return {
        subject,
        note:
          contract.endDate < today
            ? `Contract ${contract.contractNumber} has ended`
            : `Contract ${contract.contractNumber} was renewed to ${ukDate(contract.endDate)}`,
      };
    });
  },
};
