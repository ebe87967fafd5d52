import { z } from 'zod';
import { APPOINTMENT_STATUSES, CHECK_IN_SOURCES } from '../enums';

/**
 * What the family portal answers (read-api/src/family): only what a family member may see of the clients they have
 * active access to. Every schema is strict, so a reply can carry no field beyond these: never a carer's surname,
 * phone or location, a note the carer did not share, a diary entry or a risk assessment.
 */

/** The family-access events' relationships (events/src/family, family-contract): who the person is to the client. */
const PORTAL_RELATIONSHIPS = ['client', 'relative', 'attorney'] as const;

/** GET /api/family/clients: a client the caller is tied to. */
export const familyClientViewSchema = z.strictObject({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  relationship: z.enum(PORTAL_RELATIONSHIPS),
  /** Whether the client agreed to share their medication summary with this person. */
  medicationsShared: z.boolean(),
});
export type FamilyClientView = z.infer<typeof familyClientViewSchema>;

/**
 * When the carer arrived or left, and where the time came from, as the staff screens say it: the device's clock
 * (source Mobile or Computer), typed in by hand, recorded on the phone while it had no signal, or a manual entry.
 */
export const familyVisitTimeSchema = z.strictObject({
  at: z.string(),
  source: z.enum(CHECK_IN_SOURCES).nullable(),
  enteredByHand: z.boolean(),
  recordedOffline: z.boolean(),
});
export type FamilyVisitTime = z.infer<typeof familyVisitTimeSchema>;

export const FAMILY_VISIT_WHEN = ['upcoming', 'past'] as const;
export type FamilyVisitWhen = (typeof FAMILY_VISIT_WHEN)[number];

/** GET /api/family/clients/:clientId/visits: one visit; arrived, left, tasks and note are null until they exist. */
export const familyVisitViewSchema = z.strictObject({
  id: z.uuid(),
  /** The London date of the planned start. */
  date: z.string(),
  /** The planned window, London wall-clock HH:mm. */
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  /** The carer's first name only; null while no carer is assigned. */
  carerFirstName: z.string().nullable(),
  arrived: familyVisitTimeSchema.nullable(),
  left: familyVisitTimeSchema.nullable(),
  /** Each of the visit's tasks and whether the carer recorded it done (empty before the check-out). */
  tasks: z.array(z.strictObject({ name: z.string(), done: z.boolean() })),
  /** The carer's check-out note, only when they chose to share it with the family. */
  sharedNote: z.string().nullable(),
});
export type FamilyVisitView = z.infer<typeof familyVisitViewSchema>;

/** GET /api/family/clients/:clientId/medications: one London day of the summary. */
export const familyMedicationDaySchema = z.strictObject({
  date: z.string(),
  given: z.number().int(),
  refused: z.number().int(),
  /** Recorded as missed by the carer (not given, not refused). */
  missed: z.number().int(),
  /** Doses due by now that nobody recorded. */
  notRecorded: z.number().int(),
  /** The medicines given that day, by name, each once. */
  medicinesGiven: z.array(z.string()),
});
export const familyMedicationSummarySchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  days: z.array(familyMedicationDaySchema),
});
export type FamilyMedicationDay = z.infer<typeof familyMedicationDaySchema>;
export type FamilyMedicationSummary = z.infer<typeof familyMedicationSummarySchema>;

/** GET /api/family/clients/:clientId/care-plan: the current plan's summary, or null when none is in use. */
export const familyCarePlanViewSchema = z.strictObject({
  plan: z
    .strictObject({
      title: z.string(),
      /** The plan's description. */
      summary: z.string(),
      objectives: z.array(z.string()),
      goals: z.array(z.string()),
      version: z.number().int(),
      reviewDate: z.string(),
      updatedAt: z.string(),
    })
    .nullable(),
});
export type FamilyCarePlanView = z.infer<typeof familyCarePlanViewSchema>;

/** GET /api/family/agency: how to reach the agency. */
export const familyAgencyViewSchema = z.strictObject({
  name: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  onCallPhone: z.string().nullable(),
});
export type FamilyAgencyView = z.infer<typeof familyAgencyViewSchema>;

/** The most days the medication summary covers. */
export const FAMILY_MEDICATION_MAX_DAYS = 31;
