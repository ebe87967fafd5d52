import { z } from 'zod';
import { SHIFT_STATUSES, SHIFT_TYPES } from '../enums';
import { defineEvent, type EventOf } from '../event-definition';

export const shiftPlanSchema = z.object({
  carerId: z.uuid(),
  shiftType: z.enum(SHIFT_TYPES),
  /** ISO instants (UTC). */
  startTime: z.iso.datetime(),
  endTime: z.iso.datetime(),
  breakMinutes: z.number().int().min(0),
  location: z.string().nullable(),
  /** Planned as confirmed or pending; cancelled only through ShiftCancelled. */
  status: z.enum(SHIFT_STATUSES).exclude(['cancelled']),
  notes: z.string().nullable(),
});
export type ShiftPlan = z.infer<typeof shiftPlanSchema>;

/** A rota shift (the `rotas` schema): a record of its own, on `shift-<id>`. */
export const ShiftPlanned = defineEvent('ShiftPlanned', 1, shiftPlanSchema.extend({ id: z.uuid() }));
/** Only the fields that changed. */
export const ShiftChanged = defineEvent('ShiftChanged', 1, z.object({ id: z.uuid(), changes: shiftPlanSchema.partial() }));
export const ShiftCancelled = defineEvent('ShiftCancelled', 1, z.object({ id: z.uuid(), reason: z.string().nullable() }));

export const shiftEvents = [ShiftPlanned, ShiftChanged, ShiftCancelled] as const;
export type ShiftEvent = EventOf<typeof shiftEvents>;

export const shiftStreamId = (id: string): string => `shift-${id}`;
