import { DomainError } from '../shared/domain-error';
import { londonClock, ukDate } from '@care/events';
import { londonDateOf } from './london-texts';

/** The visit a booking collides with (the 409 body's `clash`). */
export interface BookingClash {
  readonly appointmentId: string;
  readonly start: string;
  readonly end: string;
}

/** "10:00–11:00 on 21/11/2026 (visit …)": the write side knows times, not client names. */
export function describeClash(clash: BookingClash): string {
  return `${londonClock(clash.start)}–${londonClock(clash.end)} on ${ukDate(londonDateOf(clash.start))} (visit ${clash.appointmentId})`;
}

/**
 * The carer is already booked at an overlapping time: a 409 on carerId whose body also names the clashing
 * visit (appointment-routes.ts renders it), and for a weekly pattern every clashing occurrence.
 */
export class BookingClashError extends DomainError {
  constructor(
    message: string,
    readonly clash: BookingClash,
    readonly clashes: readonly BookingClash[] = [clash],
  ) {
    super('conflict', message, 'carerId');
    this.name = 'BookingClashError';
  }

  static single(clash: BookingClash): BookingClashError {
    return new BookingClashError(`Carer is already booked ${describeClash(clash)}`, clash);
  }
}
