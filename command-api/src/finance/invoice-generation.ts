import { chargeVisit, mileagePence, rateForClient, splitPence, type InvoiceLine, ukDate } from '@care/events';
import type { FunderRate } from './funding-decide';

/** A completed visit of the period, as the visit record has it (actual minutes from check-in to check-out). */
export interface CompletedVisit {
  readonly appointmentId: string;
  readonly date: string;
  readonly serviceName: string;
  readonly plannedMinutes: number;
  readonly actualMinutes: number | null;
  /** Miles the carer recorded for the visit, in tenths; charged at the funder's mileage rate. */
  readonly mileageTenths: number | null;
}

export interface FundingShare {
  readonly funderId: string;
  readonly percent: number;
}

export interface InvoiceDraft {
  readonly funderId: string;
  readonly sharePercent: number;
  readonly lines: InvoiceLine[];
  readonly totalPence: number;
}

export interface GenerationInput {
  readonly visits: readonly CompletedVisit[];
  /** The client's funding in force for the period (one share at 100, or a split). */
  readonly shares: readonly FundingShare[];
  /** The client whose visits these are: a rate agreed for them wins over the funder's own. */
  readonly clientId: string;
  readonly ratesByFunder: ReadonlyMap<string, readonly FunderRate[]>;
  /** What each funder was already invoiced per visit (earlier invoices' lines, adjustments included). */
  readonly alreadyInvoiced: ReadonlyMap<string, ReadonlyMap<string, number>>;
  readonly bankHolidays?: readonly string[];
}

export interface GenerationProblem {
  readonly funderId: string;
  readonly date: string;
  readonly message: string;
}

const milesText = (tenths: number) => `${Math.floor(tenths / 10)}.${tenths % 10} ${tenths === 10 ? 'mile' : 'miles'}`;

/**
 * One draft per funder from the period's completed visits. Each visit is charged at its funder's rate in force on
 * the visit's day; a split divides each visit's charge by percentage so the parts add up to the whole to the
 * penny. Mileage the carer recorded is a line of its own at the funder's mileage rate (none when that rate is 0). A
 * visit already invoiced is charged again only by its difference, as an adjustment line ("amended after
 * invoicing"): never silently, never twice. Pure.
 */
export function generateInvoiceDrafts(input: GenerationInput): {
  drafts: InvoiceDraft[];
  problems: GenerationProblem[];
} {
  const problems: GenerationProblem[] = [];
  const linesByFunder = new Map<string, InvoiceLine[]>(input.shares.map((share) => [share.funderId, []]));
  const visits = [...input.visits].sort(
    (a, b) => a.date.localeCompare(b.date) || a.appointmentId.localeCompare(b.appointmentId),
  );
  for (const visit of visits) {
    // Each funder charges at its own rate in force, then takes its percentage of that charge.
    input.shares.forEach((share, index) => {
      const rate = rateForClient(input.ratesByFunder.get(share.funderId) ?? [], input.clientId, visit.date);
      if (rate === null) {
        problems.push({
          funderId: share.funderId,
          date: visit.date,
          message: `No rate in force on ${ukDate(visit.date)}`,
        });
        return;
      }
      const charge = chargeVisit(rate, visit, input.bankHolidays);
      const shareOf = (pence: number) =>
        share.percent === 100
          ? pence
          : (splitPence(
              pence,
              input.shares.map((s) => s.percent),
            )[index] ?? 0);
      const visitAmount = shareOf(charge.amountPence);
      const miles = visit.mileageTenths ?? 0;
      const mileageAmount = shareOf(mileagePence(miles, rate.mileagePencePerMile));
      // The ledger holds one figure per visit (time and mileage together): an amended mileage adjusts like time.
      const amount = visitAmount + mileageAmount;
      const previously = input.alreadyInvoiced.get(share.funderId)?.get(visit.appointmentId);
      const lines = linesByFunder.get(share.funderId) ?? [];
      const description = `${visit.serviceName} ${ukDate(visit.date)}${charge.minimumApplied ? ' (minimum charge)' : ''}${
        charge.dayKind === 'bank_holiday' ? ' (bank holiday)' : charge.dayKind === 'weekend' ? ' (weekend)' : ''
      }`;
      if (previously === undefined) {
        lines.push({
          appointmentId: visit.appointmentId,
          date: visit.date,
          description,
          minutes: charge.minutes,
          hourlyRatePence: charge.hourlyRatePence,
          amountPence: visitAmount,
          kind: 'visit',
        });
        if (mileageAmount > 0) {
          lines.push({
            appointmentId: visit.appointmentId,
            date: visit.date,
            description: `Mileage ${ukDate(visit.date)}: ${milesText(miles)} at ${rate.mileagePencePerMile}p a mile`,
            minutes: 0,
            hourlyRatePence: 0,
            amountPence: mileageAmount,
            kind: 'mileage',
          });
        }
      } else if (previously !== amount) {
        lines.push({
          appointmentId: visit.appointmentId,
          date: visit.date,
          description: `Adjustment: ${description} amended after invoicing`,
          minutes: charge.minutes,
          hourlyRatePence: charge.hourlyRatePence,
          amountPence: amount - previously,
          kind: 'adjustment',
        });
      }
      linesByFunder.set(share.funderId, lines);
    });
  }
  const drafts: InvoiceDraft[] = [];
  for (const share of input.shares) {
    const lines = linesByFunder.get(share.funderId) ?? [];
    if (lines.length === 0) continue;
    const total = lines.reduce((sum, line) => sum + line.amountPence, 0);
    if (total < 0) {
      // Visits shortened after invoicing and nothing new to charge: that is a credit note on the earlier invoice.
      problems.push({
        funderId: share.funderId,
        date: lines[0]?.date ?? '',
        message: 'Amended visits leave money to give back: issue a credit note',
      });
      continue;
    }
    drafts.push({ funderId: share.funderId, sharePercent: share.percent, lines, totalPence: total });
  }
  return { drafts, problems };
}
