import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';
import { visitLocationSchema } from '../appointments/appointment-events';

/**
 * A person pressed Raise emergency on /emergency. Who raised it is the event metadata's userId. The
 * emergency is its own record (`emergency-<id>`), so the fact stays in the log whatever becomes of the alert it
 * raised (the alert is `alert-<alertIdFor('emergency', id)>`, raised once).
 */
export const EmergencyRaised = defineEvent(
  'EmergencyRaised',
  1,
  z.object({
    id: z.uuid(),
    /** The carer record linked to the account that raised it; null for staff without one. */
    carerId: z.uuid().nullable(),
    /** The carer's current or next visit, and its client, when the screen named one. */
    appointmentId: z.uuid().nullable(),
    clientId: z.uuid().nullable(),
    /** Where the browser said the person was (null when not shared). */
    location: visitLocationSchema.nullable(),
    note: eventText(TEXT_LIMITS.shortReason).nullable(),
  }),
);

export const emergencySliceEvents = [EmergencyRaised] as const;
export type EmergencySliceEvent = EventOf<typeof emergencySliceEvents>;

export const emergencyStreamId = (emergencyId: string): string => `emergency-${emergencyId}`;
