/**
 * The Reports & Analytics formulas, one function per figure, shared by the read API, the exports and the tests.
 * A figure with nothing to divide by is null: the screen says nothing is recorded rather than showing 0%.
 */
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** A share as a percentage to 1 decimal; null when the denominator is 0. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? oneDecimal((part / whole) * 100) : null;
}

/** Completion rate = completed appointments ÷ all appointments, as a percentage to 1 decimal. */
export const completionRate = (completed: number, total: number): number | null => percentOf(completed, total);

/** Punctuality rate = on-time share of completed appointments (on time: started at most 15 minutes late). */
export const punctualityRate = (onTime: number, completed: number): number | null => percentOf(onTime, completed);

/** Average duration = mean scheduled duration of completed appointments, in minutes to 1 decimal. */
export const averageDuration = (completedMinutes: number, completed: number): number | null =>
  completed > 0 ? oneDecimal(completedMinutes / completed) : null;

/** Mean client rating (1 to 5) to 1 decimal. */
export const meanRating = (ratingSum: number, rated: number): number | null =>
  rated > 0 ? oneDecimal(ratingSum / rated) : null;

/** Carer rankings: completion rate descending, then more completed visits, then name, for a stable order. */
export function compareRankings(
  a: { completionRate: number | null; completed: number; carerName: string; carerId: string },
  b: { completionRate: number | null; completed: number; carerName: string; carerId: string },
): number {
  return (
    (b.completionRate ?? -1) - (a.completionRate ?? -1) ||
    b.completed - a.completed ||
    a.carerName.localeCompare(b.carerName, 'en-GB') ||
    a.carerId.localeCompare(b.carerId)
  );
}

/** The rankings show the top 10 carers only. */
export const RANKINGS_SHOWN = 10;
/** The Alert Summary lists at most 5 active alerts. */
export const ALERT_SUMMARY_SHOWN = 5;
/** Expiring training = expiry within the next 30 days. */
export const EXPIRING_WITHIN_DAYS = 30;
