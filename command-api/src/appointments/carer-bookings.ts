import { addDays, type CarerBookingEvent, type EventMetadata } from '@care/events';
import { assertNever } from '../shared/assert-never';
import { BookingClashError, type BookingClash } from './booking-clash';
import { londonDateOf } from './london-texts';

/** One visit held in a carer's day. */
export interface Booking {
  readonly appointmentId: string;
  readonly clientId: string;
  readonly start: string;
  readonly end: string;
}

/** A visit to book for a carer: its planned start and end. */
export interface BookingRequest extends Booking {
  readonly carerId: string;
}

/** A booking as held in the day, with when it was made (from the event's metadata, when read from the store). */
export interface HeldBooking extends Booking {
  readonly bookedAt: string | null;
}

/** A booking event as read from its stream. */
export type CarerDayEvent = CarerBookingEvent & { readonly metadata?: Pick<EventMetadata, 'occurredAt'> };

/** A carer's bookings on one London day (stream carer-bookings-<carerId>-<date>), by appointment. */
export interface CarerDayState {
  readonly bookings: ReadonlyMap<string, HeldBooking>;
}

export const initialCarerDayState: CarerDayState = { bookings: new Map() };

export function evolveCarerDay(state: CarerDayState, event: CarerDayEvent): CarerDayState {
  const bookings = new Map(state.bookings);
  switch (event.type) {
    case 'CarerBooked': {
      const { appointmentId, clientId, start, end } = event.data;
      // Booking an appointment again (a reschedule) replaces its earlier times.
      bookings.set(appointmentId, {
        appointmentId,
        clientId,
        start,
        end,
        bookedAt: event.metadata?.occurredAt ?? null,
      });
      return { bookings };
    }
    case 'CarerBookingReleased':
      bookings.delete(event.data.appointmentId);
      return { bookings };
    default:
      return assertNever(event);
  }
}

/** Every London calendar date a visit touches (one, or two when it runs past midnight). */
export function daysTouched(start: string, end: string): string[] {
  const first = londonDateOf(start);
  // The end is exclusive: a visit ending at midnight does not touch the next day.
  const last = londonDateOf(new Date(Math.max(Date.parse(start), Date.parse(end) - 1)).toISOString());
  const days = [first];
  while (days.at(-1)! < last) days.push(addDays(days.at(-1)!, 1));
  return days;
}

/** Two visits overlap when each starts before the other ends: one ending at 10:00 and one starting at 10:00 do not. */
export function overlaps(a: Pick<Booking, 'start' | 'end'>, b: Pick<Booking, 'start' | 'end'>): boolean {
  return Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end);
}

/** Every other visit of the day that overlaps the request, earliest first. */
export function clashesWith(state: CarerDayState, request: Booking): BookingClash[] {
  return [...state.bookings.values()]
    .filter((booking) => booking.appointmentId !== request.appointmentId && overlaps(booking, request))
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
    .map(({ appointmentId, start, end }) => ({ appointmentId, start, end }));
}

export const findClash = (state: CarerDayState, request: Booking): BookingClash | undefined =>
  clashesWith(state, request)[0];

/** Books the visit into one of its days, or refuses it when it overlaps another visit of the carer. */
export function decideBooking(state: CarerDayState, request: BookingRequest, date: string): CarerBookingEvent[] {
  const clash = findClash(state, request);
  if (clash) throw BookingClashError.single(clash);
  const current = state.bookings.get(request.appointmentId);
  if (
    current &&
    current.start === request.start &&
    current.end === request.end &&
    current.clientId === request.clientId
  )
    return [];
  const { carerId, appointmentId, clientId, start, end } = request;
  return [{ type: 'CarerBooked', data: { carerId, date, appointmentId, clientId, start, end } }];
}

export function decideRelease(
  state: CarerDayState,
  carerId: string,
  appointmentId: string,
  date: string,
): CarerBookingEvent[] {
  return state.bookings.has(appointmentId)
    ? [{ type: 'CarerBookingReleased', data: { carerId, date, appointmentId } }]
    : [];
}

/** How many different clients the carer visits that day (maxClientsPerDay counts clients, not visits). */
export function clientsOfDay(state: CarerDayState): number {
  return new Set([...state.bookings.values()].map((booking) => booking.clientId)).size;
}
