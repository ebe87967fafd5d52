import { addDays, londonToday } from '../dates';

/**
 * Data minimisation (UK GDPR, Caldicott): a carer's work is the clients on their own visits in a window of days
 * around today. The read API limits what a carer reads to it and the command API what a carer writes about, so
 * both take the window from here (CARER_CLIENT_WINDOW_DAYS_BACK and _AHEAD).
 */
export interface CarerWindow {
  /** Days before today (London) whose visits still open their clients' records. */
  readonly daysBack: number;
  /** Days after today. */
  readonly daysAhead: number;
}

export const DEFAULT_CARER_WINDOW: CarerWindow = { daysBack: 7, daysAhead: 14 };

/** The first and last London dates of the window (both included), today being `today`. */
export function carerWindowRange(window: CarerWindow, today: string = londonToday()): { from: string; to: string } {
  return { from: addDays(today, -window.daysBack), to: addDays(today, window.daysAhead) };
}
