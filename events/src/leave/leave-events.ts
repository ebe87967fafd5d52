import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventDate, eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';

/** Why a carer is away. */
export const LEAVE_KINDS = ['annual', 'sick', 'training', 'compassionate', 'other'] as const;
export type LeaveKind = (typeof LEAVE_KINDS)[number];

/** Whole days, or half of a single day: morning is before 13:00 London time, afternoon from 13:00. */
export const LEAVE_DAY_PARTS = ['full', 'morning', 'afternoon'] as const;
export type LeaveDayPart = (typeof LEAVE_DAY_PARTS)[number];

export const LEAVE_STATUSES = ['requested', 'approved', 'declined', 'cancelled'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];

/** The time a leave covers: London calendar dates, both inclusive. */
export const leavePeriodSchema = z.object({
  kind: z.enum(LEAVE_KINDS),
  from: eventDate(),
  to: eventDate(),
  dayPart: z.enum(LEAVE_DAY_PARTS),
});
export type LeavePeriod = z.infer<typeof leavePeriodSchema>;

/** The requester is kept in the data (not only the metadata): approval refuses someone approving their own request. */
export const LeaveRequested = defineEvent(
  'LeaveRequested',
  1,
  leavePeriodSchema.extend({
    id: z.uuid(),
    carerId: z.uuid(),
    note: eventText(TEXT_LIMITS.notes).nullable(),
    requestedByUserId: z.uuid(),
  }),
);

/**
 * The most visits one approval can unassign: a year of leave at more than ten visits a day, and still far inside
 * the size of one append.
 */
export const MAX_VISITS_UNASSIGNED_BY_LEAVE = 5000;

/** `unassignedAppointmentIds`: the visits the approver chose to take off the carer with this approval. */
export const LeaveApproved = defineEvent(
  'LeaveApproved',
  1,
  z.object({
    id: z.uuid(),
    carerId: z.uuid(),
    unassignedAppointmentIds: z.array(z.uuid()).max(MAX_VISITS_UNASSIGNED_BY_LEAVE),
  }),
);

export const LeaveDeclined = defineEvent(
  'LeaveDeclined',
  1,
  z.object({ id: z.uuid(), carerId: z.uuid(), reason: eventText(TEXT_LIMITS.shortReason) }),
);

/** `wasApproved`: the carer's rota time is given back (their leave stream releases it). */
export const LeaveCancelled = defineEvent(
  'LeaveCancelled',
  1,
  z.object({
    id: z.uuid(),
    carerId: z.uuid(),
    reason: eventText(TEXT_LIMITS.shortReason).nullable(),
    wasApproved: z.boolean(),
  }),
);

export const leaveSliceEvents = [LeaveRequested, LeaveApproved, LeaveDeclined, LeaveCancelled] as const;
export type LeaveSliceEvent = EventOf<typeof leaveSliceEvents>;

export const leaveStreamId = (leaveId: string): string => `leave-${leaveId}`;

/**
 * Each carer's approved leave, in one stream per carer, so a visit assignment checks a carer's leave by reading one
 * stream, and two overlapping approvals of one carer cannot both succeed (each append carries the expected revision).
 */
export const CarerLeaveBooked = defineEvent(
  'CarerLeaveBooked',
  1,
  leavePeriodSchema.extend({ carerId: z.uuid(), leaveId: z.uuid() }),
);
export const CarerLeaveReleased = defineEvent(
  'CarerLeaveReleased',
  1,
  z.object({ carerId: z.uuid(), leaveId: z.uuid() }),
);

export const carerLeaveEvents = [CarerLeaveBooked, CarerLeaveReleased] as const;
export type CarerLeaveEvent = EventOf<typeof carerLeaveEvents>;

export const carerLeaveStreamId = (carerId: string): string => `carer-leave-${carerId.toLowerCase()}`;
