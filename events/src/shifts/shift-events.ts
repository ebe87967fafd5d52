import { z } from 'zod';
import { SHIFT_STATUSES, SHIFT_TYPES } from '../enums';
import { defineEvent, type EventOf } from '../event-definition';
import { eventInstant, eventInteger, eventText } from '../event-fields';
import { NUMBER_LIMITS, TEXT_LIMITS } from '../limits';

export const shiftPlanSchema = z.object({
  carerId: z.uuid(),
  shiftType: z.enum(SHIFT_TYPES),
  /** ISO instants (UTC). */
  startTime: eventInstant(),
  endTime: eventInstant(),
  breakMinutes: eventInteger(NUMBER_LIMITS.breakMinutes),
  location: eventText(TEXT_LIMITS.shiftLocation).nullable(),
  /** Planned as confirmed or pending; cancelled only through ShiftCancelled. */
  status: z.enum(SHIFT_STATUSES).exclude(['cancelled']),
  notes: eventText(TEXT_LIMITS.shiftNotes).nullable(),
});
export type ShiftPlan = z.infer<typeof shiftPlanSchema>;

/** A rota shift (the `rotas` schema): a record of its own, on `shift-<id>`. */
export const ShiftPlanned = defineEvent('ShiftPlanned', 1, shiftPlanSchema.extend({ id: z.uuid() }));
/** Only the fields that changed. */
export const ShiftChanged = defineEvent(
  'ShiftChanged',
  1,
  z.object({ id: z.uuid(), changes: shiftPlanSchema.partial() }),
);
export const ShiftCancelled = defineEvent(
  'ShiftCancelled',
  1,
  z.object({ id: z.uuid(), reason: eventText(TEXT_LIMITS.shortReason).nullable() }),
);

export const shiftEvents = [ShiftPlanned, ShiftChanged, ShiftCancelled] as const;
export type ShiftEvent = EventOf<typeof shiftEvents>;

export const shiftStreamId = (id: string): string => `shift-${id}`;
