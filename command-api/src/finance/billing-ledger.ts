import type { FinanceSliceEvent } from '@care/events';

export type LedgerEvent = Extract<FinanceSliceEvent, { type: 'ClientVisitsInvoiced' }>;

/** funderId → appointmentId → pence already invoiced (adjustments added in). */
export type BillingLedger = ReadonlyMap<string, ReadonlyMap<string, number>>;

export function evolveLedger(state: BillingLedger, event: LedgerEvent): BillingLedger {
  const next = new Map(state);
  const byVisit = new Map(next.get(event.data.funderId) ?? []);
  for (const charge of event.data.charges)
    byVisit.set(charge.appointmentId, (byVisit.get(charge.appointmentId) ?? 0) + charge.amountPence);
  next.set(event.data.funderId, byVisit);
  return next;
}
export const initialLedger: BillingLedger = new Map();
