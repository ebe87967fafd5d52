import { z } from 'zod';
import { optionalText } from '../fields';
import { TEXT_LIMITS } from '../limits';
import { positionRequestSchema } from '../appointments/appointment-request';

/**
 * POST /api/emergencies. Nothing the person must type: in an emergency nothing may stand between the button and
 * the alert. The location is the browser's, or null when it shares none; it must be sent either way, so a request
 * that says nothing at all raises nothing. The visit is the one the screen showed.
 */
export const raiseEmergencyRequestSchema = z
  .object({
    appointmentId: z.preprocess(
      (value) => (value === '' ? null : value),
      z.uuid({ error: 'Visit ID must be a UUID' }).nullable().default(null),
    ),
    location: positionRequestSchema.nullable().optional(),
    note: optionalText(TEXT_LIMITS.shortReason).transform((value) => value ?? null),
  })
  .superRefine((value, ctx) => {
    if (value.location === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['location'],
        message: 'Location is required: the position, or null when none is shared',
      });
  })
  .transform(({ location, ...rest }) => ({ ...rest, location: location ?? null }));
export type RaiseEmergencyRequest = z.input<typeof raiseEmergencyRequestSchema>;
