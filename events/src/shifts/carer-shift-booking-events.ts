import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventDate, eventInstant } from '../event-fields';

/**
 * A carer's shifts on one London calendar day, on `carer-shifts-<carerId>-<YYYY-MM-DD>`: the shifts' own
 * booking streams (visits have theirs, `carer-bookings-…`; a visit inside a shift is the normal case, so the
 * two never share a stream). A shift is booked into every day it touches with the expected revision, so two
 * coordinators cannot give one carer overlapping shifts.
 */
export const CarerShiftBooked = defineEvent(
  'CarerShiftBooked',
  1,
  z.object({ carerId: z.uuid(), date: eventDate(), shiftId: z.uuid(), start: eventInstant(), end: eventInstant() }),
);
export const CarerShiftReleased = defineEvent(
  'CarerShiftReleased',
  1,
  z.object({ carerId: z.uuid(), date: eventDate(), shiftId: z.uuid() }),
);

export const carerShiftBookingEvents = [CarerShiftBooked, CarerShiftReleased] as const;
export type CarerShiftBookingEvent = EventOf<typeof carerShiftBookingEvents>;

export const carerShiftsStreamId = (carerId: string, date: string): string => `carer-shifts-${carerId}-${date}`;
