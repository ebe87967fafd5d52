import { z } from 'zod';
import { optionalText } from '../fields';
import { TEXT_LIMITS } from '../limits';
import { locationRequestSchema } from '../appointments/appointment-request';

/**
 * POST /api/emergencies. Everything is optional: in an emergency nothing may stand between the button and the
 * alert. The location is the browser's when it shares one; the visit is the one the screen showed.
 */
export const raiseEmergencyRequestSchema = z.object({
  appointmentId: z.preprocess((value) => (value === '' ? null : value), z.uuid({ error: 'Visit ID must be a UUID' }).nullable().default(null)),
  location: locationRequestSchema,
  note: optionalText(TEXT_LIMITS.shortReason).transform((value) => value ?? null),
});
export type RaiseEmergencyRequest = z.input<typeof raiseEmergencyRequestSchema>;
