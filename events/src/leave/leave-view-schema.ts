import { z } from 'zod';
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
  decidedByUserId: z.uuid().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  unassignedAppointmentIds: z.array(z.uuid()),
  revision: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type LeaveViewSchemaMatches = Expect<Same<z.infer<typeof leaveViewSchema>, LeaveView>>;
