import { z } from 'zod';
import { optionalText, requiredDate, requiredReference, requiredText } from '../fields';
import { TEXT_LIMITS } from '../limits';
import { LEAVE_DAY_PARTS, LEAVE_KINDS } from './leave-events';
import { leaveDays } from './leave-period';

export const LEAVE_NOT_FOUND = 'Leave not found';
export const TO_BEFORE_FROM = 'The last day of leave cannot be before the first';
export const MAX_LEAVE_DAYS = 366;
export const LEAVE_TOO_LONG = `Leave can be at most ${MAX_LEAVE_DAYS} days; request a longer absence in parts`;
export const HALF_DAY_ONE_DATE = 'A half day of leave must start and end on the same day';

/**
 * POST /api/leave: a carer asks for their own leave, a coordinator or administrator records it for any carer.
 * Dates are London calendar dates, both inclusive; a half day (morning or afternoon) covers one date only.
 */
export const requestLeaveRequestSchema = z
  .object({
    carerId: requiredReference('Carer is required', 'Carer not found'),
    kind: z.enum(LEAVE_KINDS, { error: 'Kind must be annual, sick, training, compassionate or other' }),
    from: requiredDate('First day is required'),
    to: requiredDate('Last day is required'),
    dayPart: z.enum(LEAVE_DAY_PARTS, { error: 'Day part must be full, morning or afternoon' }).default('full'),
    note: optionalText(TEXT_LIMITS.notes),
  })
  .superRefine((value, ctx) => {
    if (value.to < value.from) ctx.addIssue({ code: 'custom', path: ['to'], message: TO_BEFORE_FROM });
    else if (leaveDays(value.from, value.to) > MAX_LEAVE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: LEAVE_TOO_LONG });
    if (value.dayPart !== 'full' && value.from !== value.to)
      ctx.addIssue({ code: 'custom', path: ['dayPart'], message: HALF_DAY_ONE_DATE });
  });
export type RequestLeaveRequest = z.input<typeof requestLeaveRequestSchema>;
export type RequestLeaveCommandInput = z.output<typeof requestLeaveRequestSchema>;

/**
 * POST /api/leave/:id/approve. When the carer has visits in the leave, the approval is refused (409 listing them)
 * unless `unassignVisits` is true: then each of those visits is unassigned with the approval.
 */
export const approveLeaveRequestSchema = z.object({
  unassignVisits: z.boolean({ error: 'unassignVisits must be true or false' }).default(false),
});
export type ApproveLeaveRequest = z.input<typeof approveLeaveRequestSchema>;

/** POST /api/leave/:id/decline: the carer is told why. */
export const declineLeaveRequestSchema = z.object({
  reason: requiredText('A reason is required', TEXT_LIMITS.shortReason),
});
export type DeclineLeaveRequest = z.input<typeof declineLeaveRequestSchema>;

/** POST /api/leave/:id/cancel: the reason is required when an approver cancels someone else's or approved leave. */
export const cancelLeaveRequestSchema = z.object({ reason: optionalText(TEXT_LIMITS.shortReason) });
export type CancelLeaveRequest = z.input<typeof cancelLeaveRequestSchema>;
