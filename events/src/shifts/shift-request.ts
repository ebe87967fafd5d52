import { z } from 'zod';
import { DEFAULT_SHIFT_BREAK_MINUTES, SHIFT_STATUSES, SHIFT_TYPES } from '../enums';
import { integerBetween, optionalText, requiredInstant, requiredReference } from '../fields';
import { NUMBER_LIMITS, TEXT_LIMITS } from '../limits';

const breaks = NUMBER_LIMITS.breakMinutes;

const fields = {
  carerId: requiredReference('Carer is required', 'Carer not found'),
  shiftType: z.enum(SHIFT_TYPES, { error: `Shift type must be one of: ${SHIFT_TYPES.join(', ')}` }),
  startTime: requiredInstant('Start time is required'),
  endTime: requiredInstant('End time is required'),
  breakMinutes: integerBetween(breaks.min, breaks.max, `Break must be between ${breaks.min} and ${breaks.max} minutes`),
  location: optionalText(TEXT_LIMITS.shiftLocation),
  status: z
    .enum(SHIFT_STATUSES, { error: 'Status must be confirmed or pending' })
    .exclude(['cancelled'], { error: 'Status must be confirmed or pending' }),
  notes: optionalText(TEXT_LIMITS.shiftNotes),
};
const endAfterStart = (value: { startTime?: string; endTime?: string }) =>
  value.startTime === undefined || value.endTime === undefined || value.endTime > value.startTime;
const endRule = { path: ['endTime'], message: 'End time must be after the start time' };
/** A shift longer than a day is a typing mistake. */
const atMostADay = (value: { startTime?: string; endTime?: string }) =>
  value.startTime === undefined ||
  value.endTime === undefined ||
  Date.parse(value.endTime) - Date.parse(value.startTime) <= 24 * 3_600_000;
const dayRule = { path: ['endTime'], message: 'A shift can last at most 24 hours' };

/** New Shift (Scheduling & Rotas). */
export const planShiftRequestSchema = z
  .object({
    ...fields,
    breakMinutes: fields.breakMinutes.default(DEFAULT_SHIFT_BREAK_MINUTES),
    status: fields.status.default('confirmed'),
  })
  .refine(endAfterStart, endRule)
  .refine(atMostADay, dayRule);
export type PlanShiftRequest = z.input<typeof planShiftRequestSchema>;
export type PlanShiftCommandInput = z.output<typeof planShiftRequestSchema>;

/** PATCH /api/shifts/:id: only the fields sent (start and end are checked again against the stored ones). */
export const changeShiftRequestSchema = z.object(fields).partial().refine(endAfterStart, endRule);
export type ChangeShiftRequest = z.input<typeof changeShiftRequestSchema>;
export type ChangeShiftCommandInput = z.output<typeof changeShiftRequestSchema>;

export const cancelShiftRequestSchema = z.object({ reason: optionalText(TEXT_LIMITS.shortReason) });
export type CancelShiftRequest = z.input<typeof cancelShiftRequestSchema>;
