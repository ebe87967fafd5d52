import { BUILT_IN_BANK_HOLIDAYS } from './bank-holidays';
import type { BillingDurationBasis } from './finance-enums';

/**
 * Pure charging rules for invoices. Integer pence in, integer pence out: every division rounds once, half up,
 * at a stated place, so the same visits always give the same invoice to the penny.
 */

/** The built-in England and Wales bank holidays' dates (bank-holidays.ts): the default where no list is given. */
export const ENGLAND_WALES_BANK_HOLIDAYS: readonly string[] = BUILT_IN_BANK_HOLIDAYS.map((day) => day.date);

export interface ChargeRate {
  readonly effectiveFrom: string;
  readonly weekdayHourlyPence: number;
  readonly weekendHourlyPence: number;
  readonly bankHolidayHourlyPence: number;
  readonly minimumChargePence: number;
  readonly billingIncrementMinutes: number;
  readonly durationBasis: BillingDurationBasis;
  readonly mileagePencePerMile: number;
}

/** The rate in force on `date`: the latest one whose effective date is on or before it; null if none yet. */
export function rateInForce<T extends { readonly effectiveFrom: string }>(rates: readonly T[], date: string): T | null {
  let best: T | null = null;
  for (const rate of rates) {
    if (rate.effectiveFrom <= date && (best === null || rate.effectiveFrom >= best.effectiveFrom)) best = rate;
  }
  return best;
}

/**
 * The rate a client's visit on `date` is charged at: the rate agreed for that client in force then, else the
 * funder's own (a rate without a client). A client rate only applies from its own date.
 */
export function rateForClient<
  T extends { readonly effectiveFrom: string; readonly clientId?: string | null | undefined },
>(rates: readonly T[], clientId: string, date: string): T | null {
  return (
    rateInForce(
      rates.filter((rate) => rate.clientId === clientId),
      date,
    ) ??
    rateInForce(
      rates.filter((rate) => !rate.clientId),
      date,
    )
  );
}

export type DayKind = 'weekday' | 'weekend' | 'bank_holiday';

/** A bank holiday wins over a weekend (a substitute day is a weekday listed as the holiday). */
export function dayKind(date: string, bankHolidays: readonly string[] = ENGLAND_WALES_BANK_HOLIDAYS): DayKind {
  if (bankHolidays.includes(date)) return 'bank_holiday';
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6 ? 'weekend' : 'weekday';
}

export function hourlyRateFor(rate: ChargeRate, kind: DayKind): number {
  if (kind === 'bank_holiday') return rate.bankHolidayHourlyPence;
  return kind === 'weekend' ? rate.weekendHourlyPence : rate.weekdayHourlyPence;
}

/** Minutes to bill: the actual or planned duration as the contract says, rounded UP to the billing increment. */
export function billableMinutes(rate: ChargeRate, actualMinutes: number | null, plannedMinutes: number): number {
  const minutes = rate.durationBasis === 'actual' && actualMinutes !== null ? actualMinutes : plannedMinutes;
  const increment = rate.billingIncrementMinutes;
  return Math.ceil(minutes / increment) * increment;
}

/** minutes × hourly pence ÷ 60, rounded half up to the penny, all in integers. */
export function penceForMinutes(minutes: number, hourlyPence: number): number {
  return Math.floor((minutes * hourlyPence + 30) / 60);
}

export interface VisitToCharge {
  readonly date: string;
  readonly actualMinutes: number | null;
  readonly plannedMinutes: number;
}

export interface VisitCharge {
  readonly minutes: number;
  readonly hourlyRatePence: number;
  readonly amountPence: number;
  readonly dayKind: DayKind;
  /** True when the minimum charge replaced the time-based charge. */
  readonly minimumApplied: boolean;
}

/** The charge for one visit at the rate in force on its day (never below the minimum charge). */
export function chargeVisit(rate: ChargeRate, visit: VisitToCharge, bankHolidays?: readonly string[]): VisitCharge {
  const kind = dayKind(visit.date, bankHolidays);
  const hourlyRatePence = hourlyRateFor(rate, kind);
  const minutes = billableMinutes(rate, visit.actualMinutes, visit.plannedMinutes);
  const timed = penceForMinutes(minutes, hourlyRatePence);
  const minimumApplied = timed < rate.minimumChargePence;
  return {
    minutes,
    hourlyRatePence,
    amountPence: minimumApplied ? rate.minimumChargePence : timed,
    dayKind: kind,
    minimumApplied,
  };
}

/**
 * Splits pence between funders by whole percentages (summing to 100) so the parts add up to the total exactly:
 * each gets the floor of its share, and the pennies left go to the largest remainders (first listed on a tie).
 */
export function splitPence(totalPence: number, percents: readonly number[]): number[] {
  const parts = percents.map((percent) => Math.floor((totalPence * percent) / 100));
  const remainders = percents.map((percent, index) => ({ index, remainder: (totalPence * percent) % 100 }));
  let left = totalPence - parts.reduce((sum, part) => sum + part, 0);
  remainders.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of remainders) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** Mileage charge: tenths of a mile × pence per mile ÷ 10, half up. */
export function mileagePence(mileageTenths: number, pencePerMile: number): number {
  return Math.floor((mileageTenths * pencePerMile + 5) / 10);
}
