import { z } from 'zod';
import { FAMILY_RELATIONSHIPS } from './family-events';
import { FAMILY_CONCERN_KINDS as KINDS } from './family-concern-events';

/**
 * A family member's own message as they read it (GET /api/family/clients/:clientId/concerns): what they wrote and
 * the office's reply. The office's replier is not named: the family portal names staff by role, not by person.
 */
export const familyConcernViewSchema = z.strictObject({
  id: z.uuid(),
  clientId: z.uuid(),
  kind: z.enum(KINDS),
  appointmentId: z.uuid().nullable(),
  text: z.string(),
  raisedAt: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type FamilyConcernView = z.infer<typeof familyConcernViewSchema>;
export const familyConcernListSchema = z.array(familyConcernViewSchema);

/** A family message as the office reads it (GET /api/family-concerns): who wrote it, about whom, and the reply. */
export const officeFamilyConcernViewSchema = z.strictObject({
  id: z.uuid(),
  clientId: z.uuid(),
  client: z.strictObject({ firstName: z.string(), lastName: z.string() }),
  kind: z.enum(KINDS),
  appointmentId: z.uuid().nullable(),
  text: z.string(),
  raisedAt: z.string(),
  raisedBy: z.strictObject({
    userId: z.uuid(),
    name: z.string().nullable(),
    relationship: z.enum(FAMILY_RELATIONSHIPS).nullable(),
  }),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  repliedBy: z.uuid().nullable(),
  revision: z.string(),
});
export type OfficeFamilyConcernView = z.infer<typeof officeFamilyConcernViewSchema>;
export const officeFamilyConcernListSchema = z.array(officeFamilyConcernViewSchema);
