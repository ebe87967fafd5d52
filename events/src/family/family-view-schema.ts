import { z } from 'zod';
import { FAMILY_ACCESS_STATUSES, FAMILY_RELATIONSHIPS } from './family-events';
import type { FamilyAccessView } from './family-view';

/** The strict reply schema of GET /api/clients/:id/family (one row). */
export const familyAccessViewSchema = z.strictObject({
  accessId: z.uuid(),
  userId: z.uuid(),
  clientId: z.uuid(),
  email: z.string(),
  name: z.string(),
  relationship: z.enum(FAMILY_RELATIONSHIPS),
  status: z.enum(FAMILY_ACCESS_STATUSES),
  shareMedications: z.boolean(),
  invitedAt: z.string(),
  invitedBy: z.uuid().nullable(),
  acceptedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  withdrawnReason: z.string().nullable(),
}) satisfies z.ZodType<FamilyAccessView>;
export const familyAccessListSchema = z.array(familyAccessViewSchema);
