import type { ChargeRate, FinanceSliceEvent, FunderKind } from '@care/events';

/** A funder's rate; with a client, the rate agreed for that client alone. */
export type FunderRate = ChargeRate & { readonly clientId: string | null };
import { DomainError } from '../shared/domain-error';

export type FunderEvent = Extract<FinanceSliceEvent, { type: 'FunderAdded' | 'FunderRateSet' }>;
export type FunderState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly name: string;
      readonly kind: FunderKind;
      readonly paymentTermsDays: number;
      readonly invoiceEmail: string | null;
      readonly rates: readonly FunderRate[];
    };

export const initialFunderState: FunderState = { exists: false };

export function evolveFunder(state: FunderState, event: FunderEvent): FunderState {
  if (event.type === 'FunderAdded') {
    const { name, kind, paymentTermsDays, invoiceEmail } = event.data;
    return { exists: true, name, kind, paymentTermsDays, invoiceEmail, rates: [] };
  }
  if (!state.exists) return state;
  const { funderId: _funderId, clientId, ...charge } = event.data;
  const rate: FunderRate = { ...charge, clientId: clientId ?? null };
  // A second rate on the same date for the same clients replaces the first (a typo corrected); both stay in the history.
  const replaced = (existing: FunderRate) =>
    existing.effectiveFrom === rate.effectiveFrom && existing.clientId === rate.clientId;
  return { ...state, rates: [...state.rates.filter((existing) => !replaced(existing)), rate] };
}

export type FundingEvent = Extract<FinanceSliceEvent, { type: 'ClientFundingSet' }>;
export interface FundingState {
  readonly records: readonly {
    readonly effectiveFrom: string;
    readonly shares: readonly { funderId: string; percent: number }[];
  }[];
}
export const initialFundingState: FundingState = { records: [] };
export function evolveFunding(state: FundingState, event: FundingEvent): FundingState {
  const { effectiveFrom, shares } = event.data;
  return {
    records: [...state.records.filter((record) => record.effectiveFrom !== effectiveFrom), { effectiveFrom, shares }],
  };
}

/** A split names each funder once and adds up to exactly 100%: otherwise part of a visit would go unbilled. */
export function decideClientFunding(
  clientId: string,
  effectiveFrom: string,
  shares: readonly { funderId: string; percent: number }[],
): FundingEvent[] {
  const total = shares.reduce((sum, share) => sum + share.percent, 0);
  if (total !== 100)
    throw new DomainError('invalid', `The shares add up to ${total}%: they must add up to 100%`, 'shares');
  if (new Set(shares.map((share) => share.funderId)).size !== shares.length) {
    throw new DomainError('invalid', 'Each funder can appear only once', 'shares');
  }
  return [
    {
      type: 'ClientFundingSet',
      data: { clientId, effectiveFrom, shares: shares.map(({ funderId, percent }) => ({ funderId, percent })) },
    },
  ];
}
