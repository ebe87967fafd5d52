import { z } from 'zod';
import { VISIT_TYPES } from '../enums';
import { defineEvent, type EventOf } from '../event-definition';
import { eventDate, eventInteger, eventText, eventTextList } from '../event-fields';
import { LIST_LIMITS, TEXT_LIMITS } from '../limits';
import { CARE_PLAN_STATUSES, CONSENT_METHODS, REVIEW_OUTCOMES, RISK_AREAS, RISK_LEVELS } from './care-plan-enums';

/** A plan has at most this many versions (one a day for 27 years): bounds the read model's integer. */
export const MAX_CARE_PLAN_VERSION = 10_000;
const version = eventInteger({ min: 1, max: MAX_CARE_PLAN_VERSION });

export const riskRatingSchema = z.object({
  area: z.enum(RISK_AREAS),
  level: z.enum(RISK_LEVELS),
  notes: eventText(TEXT_LIMITS.carePlanEntry).nullable(),
});
export type RiskRating = z.infer<typeof riskRatingSchema>;

export const emergencyContactSchema = z.object({
  name: eventText(TEXT_LIMITS.contactName),
  phone: eventText(TEXT_LIMITS.phone),
  relationship: eventText(TEXT_LIMITS.relationship),
});
export type EmergencyContact = z.infer<typeof emergencyContactSchema>;

/** The tasks a carer does on one type of visit: a visit scheduled for the client gets them by default. */
export const visitTasksSchema = z.object({
  visitType: z.enum(VISIT_TYPES),
  tasks: eventTextList(LIST_LIMITS.tasks, TEXT_LIMITS.listEntry),
});
export type VisitTasks = z.infer<typeof visitTasksSchema>;

const items = eventTextList(LIST_LIMITS.carePlanItems, TEXT_LIMITS.carePlanEntry);

/**
 * What a care plan says: every version holds all of it, and an update records only the fields that changed.
 * Ratings are kept in RISK_AREAS order and tasks in VISIT_TYPES order (the request schema sorts them), so two
 * versions compare field by field. Medications are not here: they come from the client's prescriptions.
 */
export const carePlanContentSchema = z.object({
  title: eventText(TEXT_LIMITS.title),
  description: eventText(TEXT_LIMITS.notes),
  objectives: items,
  interventions: items,
  goals: items,
  riskAssessment: z.array(riskRatingSchema).max(RISK_AREAS.length),
  allergies: eventTextList(LIST_LIMITS.clientConditions, TEXT_LIMITS.listEntry),
  medicalConditions: eventTextList(LIST_LIMITS.clientConditions, TEXT_LIMITS.listEntry),
  emergencyContacts: z.array(emergencyContactSchema).max(LIST_LIMITS.emergencyContacts),
  visitTasks: z.array(visitTasksSchema).max(VISIT_TYPES.length),
});
export type CarePlanContent = z.infer<typeof carePlanContentSchema>;
export type CarePlanField = keyof CarePlanContent;
export const CARE_PLAN_FIELDS = Object.keys(carePlanContentSchema.shape) as CarePlanField[];

const reason = eventText(TEXT_LIMITS.shortReason);

/**
 * Version 1 of a plan. Who wrote it and when is the metadata; `templateId` is the template it started from.
 * Every event names the client (`clientId`) so the client's file finds it.
 */
export const CarePlanCreated = defineEvent(
  'CarePlanCreated',
  1,
  z.object({
    id: z.uuid(),
    clientId: z.uuid(),
    templateId: z.uuid().nullable(),
    content: carePlanContentSchema,
    reviewDate: eventDate(),
    reason,
  }),
);

/** A new version: only the fields that changed, and why. */
export const CarePlanUpdated = defineEvent(
  'CarePlanUpdated',
  1,
  z.object({ id: z.uuid(), clientId: z.uuid(), version, changes: carePlanContentSchema.partial(), reason }),
);

/** The client, or someone for them, consented to this version: who, how they relate to the client, how and when. */
export const CarePlanAgreed = defineEvent(
  'CarePlanAgreed',
  1,
  z.object({
    id: z.uuid(),
    clientId: z.uuid(),
    version,
    agreedBy: eventText(TEXT_LIMITS.contactName),
    relationship: eventText(TEXT_LIMITS.relationship),
    method: z.enum(CONSENT_METHODS),
    agreedOn: eventDate(),
  }),
);

export const CarePlanReviewScheduled = defineEvent(
  'CarePlanReviewScheduled',
  1,
  z.object({ id: z.uuid(), clientId: z.uuid(), reviewDate: eventDate(), reason: reason.nullable() }),
);

/**
 * A review took place: nothing needed changing, or the plan was updated (the CarePlanUpdated before it in the same
 * append is that new version, `version`). The next review date replaces the one that fell due.
 */
export const CarePlanReviewRecorded = defineEvent(
  'CarePlanReviewRecorded',
  1,
  z.object({
    id: z.uuid(),
    clientId: z.uuid(),
    reviewedOn: eventDate(),
    outcome: z.enum(REVIEW_OUTCOMES),
    version,
    notes: eventText(TEXT_LIMITS.notes).nullable(),
    nextReviewDate: eventDate(),
  }),
);

export const CarePlanStatusChanged = defineEvent(
  'CarePlanStatusChanged',
  1,
  z.object({ id: z.uuid(), clientId: z.uuid(), status: z.enum(CARE_PLAN_STATUSES), reason }),
);

export const carePlanEventDefinitions = [
  CarePlanCreated,
  CarePlanUpdated,
  CarePlanAgreed,
  CarePlanReviewScheduled,
  CarePlanReviewRecorded,
  CarePlanStatusChanged,
] as const;
export type CarePlanEvent = EventOf<typeof carePlanEventDefinitions>;

export const carePlanStreamId = (id: string): string => `care-plan-${id}`;

/**
 * One plan in use per client: the stream `client-care-plan-<clientId>` names it (a reservation, created with
 * "no stream" expected, so two coordinators cannot both start one). Scheduling a visit reads it to find the plan
 * whose tasks the visit gets; an inactive plan gives it up.
 */
export const ClientCarePlanClaimed = defineEvent(
  'ClientCarePlanClaimed',
  1,
  z.object({ clientId: z.uuid(), carePlanId: z.uuid() }),
);
export const ClientCarePlanReleased = defineEvent(
  'ClientCarePlanReleased',
  1,
  z.object({ clientId: z.uuid(), carePlanId: z.uuid() }),
);
export const clientCarePlanEventDefinitions = [ClientCarePlanClaimed, ClientCarePlanReleased] as const;
export type ClientCarePlanEvent = EventOf<typeof clientCarePlanEventDefinitions>;
export const clientCarePlanStreamId = (clientId: string): string => `client-care-plan-${clientId}`;
