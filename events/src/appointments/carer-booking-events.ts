import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventDate, eventInstant } from '../event-fields';

/**
 * A carer's bookings for one London calendar day, on `carer-bookings-<carerId>-<YYYY-MM-DD>`. A visit is
 * booked into every day it touches, appended with the expected revision, so two coordinators cannot book
 * one carer into overlapping visits (the second append sees the first booking, or loses the race and retries).
 */
export const CarerBooked = defineEvent(
  'CarerBooked',
  1,
  z.object({
    carerId: z.uuid(),
    date: eventDate(),
    appointmentId: z.uuid(),
    clientId: z.uuid(),
    start: eventInstant(),
    end: eventInstant(),
  }),
);
export const CarerBookingReleased = defineEvent(
  'CarerBookingReleased',
  1,
  z.object({ carerId: z.uuid(), date: eventDate(), appointmentId: z.uuid() }),
);

export const carerBookingEvents = [CarerBooked, CarerBookingReleased] as const;
export type CarerBookingEvent = EventOf<typeof carerBookingEvents>;

export const carerBookingsStreamId = (carerId: string, date: string): string => `carer-bookings-${carerId}-${date}`;
