import { z } from 'zod';
import { authUserViewSchema } from '../users/user-view-schema';

const positionToken = z
  .string()
  .regex(/^\d+\.\d+$/)
  .describe('Global position of the last event ("commit.prepare"): send it as X-Min-Position to read your own write');

/** Every command's reply (command-api/src/shared/command-reply.ts). */
export const commandReplySchema = z.strictObject({
  id: z.string(),
  revision: z.string().describe("The stream's revision after the command: the If-Match for the next edit"),
  position: positionToken.nullable().describe('null when nothing changed'),
});

/** Appointment commands add warnings (the carer's daily client limit), which the UI shows as toasts. */
export const appointmentCommandReplySchema = commandReplySchema.extend({ warnings: z.array(z.string()) });

export const recurringAppointmentsReplySchema = z.strictObject({
  ids: z.array(z.uuid()),
  seriesId: z.uuid(),
  position: positionToken.nullable(),
  warnings: z.array(z.string()),
});

export const loginReplySchema = z.strictObject({ user: authUserViewSchema });
export const messageReplySchema = z.strictObject({ message: z.string() });

/** 400 (and 409 on a field): the message and one message per bad field (`_` for the body as a whole). */
export const validationErrorReplySchema = z.strictObject({
  error: z.string(),
  fields: z.record(z.string(), z.string()),
});

/** Every JSON error: a message, and for refused input the message of each bad field. */
export const errorReplySchema = validationErrorReplySchema.partial({ fields: true });

/** 409 of a double booking: the clashing visit, and for a weekly pattern every clashing occurrence. */
const bookingClash = z.strictObject({ appointmentId: z.uuid(), start: z.string(), end: z.string() });
export const bookingClashReplySchema = validationErrorReplySchema.extend({
  clash: bookingClash,
  clashes: z.array(bookingClash).optional(),
});

/** 429 of sign-in and reset requests, with the Retry-After header's figure. */
export const lockedOutReplySchema = z.strictObject({ error: z.string(), retryAfterSeconds: z.int() });

export const healthReplySchema = z.strictObject({ status: z.literal('ok') });
