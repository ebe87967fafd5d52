import { z } from 'zod';
import { commandReplySchema, validationErrorReplySchema } from '../api/common-replies';
import type { Expect, Same } from '../api/same-type';
import { LEAVE_DAY_PARTS, LEAVE_KINDS, LEAVE_STATUSES } from './leave-events';
import type { LeaveView } from './leave-view';

/** LeaveView for the API description and the tests that check replies against it. */
export const leaveViewSchema = z.strictObject({
  id: z.uuid(),
  carerId: z.uuid(),
  carerName: z.string(),
  kind: z.enum(LEAVE_KINDS),
  from: z.iso.date(),
  to: z.iso.date(),
  dayPart: z.enum(LEAVE_DAY_PARTS),
  note: z.string().nullable(),
  status: z.enum(LEAVE_STATUSES),
  requestedByUserId: z.uuid(),
  decidedByUserId: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  unassignedAppointmentIds: z.array(z.uuid()),
  revision: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type LeaveViewSchemaMatches = Expect<Same<z.infer<typeof leaveViewSchema>, LeaveView>>;

/** POST /api/leave/:id/approve: the command reply and the visits the approval unassigned. */
export const approveLeaveReplySchema = commandReplySchema.extend({
  unassignedAppointmentIds: z.array(z.uuid()),
});

/** 409 of an approval over the carer's visits: each visit in the leave, to show before approving with unassignVisits. */
export const visitsInLeaveReplySchema = validationErrorReplySchema.extend({
  visits: z.array(
    z.strictObject({
      appointmentId: z.uuid(),
      start: z.string(),
      end: z.string(),
      clientId: z.uuid(),
      clientName: z.string().nullable(),
    }),
  ),
});

/** 409 of an approval that overlaps other approved leave of the same carer. */
export const leaveOverlapReplySchema = z.strictObject({ error: z.string(), otherLeaveId: z.uuid() });
