import { z } from 'zod';
import {
  ALL_INCIDENT_DUTY_REASONS,
  ALL_INCIDENT_DUTY_STEPS,
  INCIDENT_DUTIES,
  INCIDENT_SEVERITIES,
  INCIDENT_TYPES,
} from '../enums';
import { defineEvent, type EventOf } from '../event-definition';
import { eventDate, eventInstant, eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';

/**
 * What the report says. Set once by IncidentReported and never rewritten: a correction is an
 * IncidentAmended carrying only the changed fields, so the original report stays in the stream (a legal record).
 */
export const incidentDetailsSchema = z.object({
  type: z.enum(INCIDENT_TYPES),
  severity: z.enum(INCIDENT_SEVERITIES),
  title: eventText(TEXT_LIMITS.title),
  /** As long as a diary entry's text, which a report can be made from. */
  description: eventText(TEXT_LIMITS.diaryContent),
  location: eventText(TEXT_LIMITS.locationAddress).nullable(),
  clientId: z.uuid().nullable(),
  carerId: z.uuid().nullable(),
  witnessDetails: eventText(TEXT_LIMITS.notes).nullable(),
  immediateAction: eventText(TEXT_LIMITS.notes).nullable(),
  followUpRequired: z.boolean(),
  followUpNotes: eventText(TEXT_LIMITS.notes).nullable(),
  /** When it happened (UTC instant; shown in London time). */
  dateOccurred: eventInstant(),
});
export type IncidentDetails = z.infer<typeof incidentDetailsSchema>;
/** What an amendment may correct (severity moves only by escalation, which says why). */
export const incidentCorrectableSchema = incidentDetailsSchema.omit({ severity: true });
export type IncidentCorrection = Partial<z.infer<typeof incidentCorrectableSchema>>;

/**
 * Reported by the metadata's user (any signed-in role). `appointmentId`: the visit it happened on (a carer
 * reporting from their phone); `diaryEntryId`: the diary entry of type incident it was made from.
 */
export const IncidentReported = defineEvent(
  'IncidentReported',
  1,
  incidentDetailsSchema.extend({ id: z.uuid(), appointmentId: z.uuid().nullable(), diaryEntryId: z.uuid().nullable() }),
);
/** A correction: only the fields that changed, with why; the report before it stays in the stream. */
export const IncidentAmended = defineEvent(
  'IncidentAmended',
  1,
  z.object({
    id: z.uuid(),
    changes: incidentCorrectableSchema.partial(),
    reason: eventText(TEXT_LIMITS.shortReason),
    /** The incident's client after the amendment, so every event names the client it is about (audit). */
    clientId: z.uuid().nullable(),
  }),
);
export const IncidentInvestigationStarted = defineEvent(
  'IncidentInvestigationStarted',
  1,
  z.object({ id: z.uuid(), clientId: z.uuid().nullable() }),
);
/** An investigation note, appended (who and when: the metadata). */
export const IncidentNoteAdded = defineEvent(
  'IncidentNoteAdded',
  1,
  z.object({ id: z.uuid(), noteId: z.uuid(), note: eventText(TEXT_LIMITS.notes), clientId: z.uuid().nullable() }),
);
export const IncidentFollowUpCompleted = defineEvent(
  'IncidentFollowUpCompleted',
  1,
  z.object({ id: z.uuid(), notes: eventText(TEXT_LIMITS.notes), clientId: z.uuid().nullable() }),
);
export const IncidentResolved = defineEvent(
  'IncidentResolved',
  1,
  z.object({ id: z.uuid(), resolutionSummary: eventText(TEXT_LIMITS.notes), clientId: z.uuid().nullable() }),
);
/** Closed: the follow-up was done, was not required, or is waived here with a reason. */
export const IncidentClosed = defineEvent(
  'IncidentClosed',
  1,
  z.object({
    id: z.uuid(),
    followUpWaivedReason: eventText(TEXT_LIMITS.shortReason).nullable(),
    clientId: z.uuid().nullable(),
  }),
);
/** Resolved or closed, back to investigating. */
export const IncidentReopened = defineEvent(
  'IncidentReopened',
  1,
  z.object({ id: z.uuid(), reason: eventText(TEXT_LIMITS.shortReason), clientId: z.uuid().nullable() }),
);
/** A higher severity, a named person to handle it (a user id), or both, with why. */
export const IncidentEscalated = defineEvent(
  'IncidentEscalated',
  1,
  z.object({
    id: z.uuid(),
    fromSeverity: z.enum(INCIDENT_SEVERITIES),
    severity: z.enum(INCIDENT_SEVERITIES),
    escalatedTo: z.uuid().nullable(),
    reason: eventText(TEXT_LIMITS.shortReason),
    clientId: z.uuid().nullable(),
  }),
);
/** A referral to the local authority's safeguarding team. */
export const IncidentSafeguardingReferred = defineEvent(
  'IncidentSafeguardingReferred',
  1,
  z.object({
    id: z.uuid(),
    referralId: z.uuid(),
    referredOn: eventDate(),
    referredTo: eventText(TEXT_LIMITS.contactName),
    localAuthorityReference: eventText(TEXT_LIMITS.reference).nullable(),
    outcome: eventText(TEXT_LIMITS.notes).nullable(),
    clientId: z.uuid().nullable(),
  }),
);
/** The local authority's reference or the outcome, learnt later. */
export const IncidentSafeguardingReferralUpdated = defineEvent(
  'IncidentSafeguardingReferralUpdated',
  1,
  z.object({
    id: z.uuid(),
    referralId: z.uuid(),
    localAuthorityReference: eventText(TEXT_LIMITS.reference).nullable().optional(),
    outcome: eventText(TEXT_LIMITS.notes).nullable().optional(),
    clientId: z.uuid().nullable(),
  }),
);
/** A statutory duty applies, why, and the date it must be met by (London date). */
export const IncidentDutyIdentified = defineEvent(
  'IncidentDutyIdentified',
  1,
  z.object({
    id: z.uuid(),
    duty: z.enum(INCIDENT_DUTIES),
    reason: z.enum(ALL_INCIDENT_DUTY_REASONS),
    dueDate: eventDate(),
    clientId: z.uuid().nullable(),
  }),
);
/** One step of a duty done: the CQC notification or RIDDOR report sent, the apology given, the written notice sent. */
export const IncidentDutyStepRecorded = defineEvent(
  'IncidentDutyStepRecorded',
  1,
  z.object({
    id: z.uuid(),
    duty: z.enum(INCIDENT_DUTIES),
    step: z.enum(ALL_INCIDENT_DUTY_STEPS),
    doneOn: eventDate(),
    reference: eventText(TEXT_LIMITS.reference).nullable(),
    clientId: z.uuid().nullable(),
  }),
);

export const incidentSliceEvents = [
  IncidentReported,
  IncidentAmended,
  IncidentInvestigationStarted,
  IncidentNoteAdded,
  IncidentFollowUpCompleted,
  IncidentResolved,
  IncidentClosed,
  IncidentReopened,
  IncidentEscalated,
  IncidentSafeguardingReferred,
  IncidentSafeguardingReferralUpdated,
  IncidentDutyIdentified,
  IncidentDutyStepRecorded,
] as const;
export type IncidentSliceEvent = EventOf<typeof incidentSliceEvents>;

export const incidentStreamId = (incidentId: string): string => `incident-${incidentId}`;
/** One incident per diary entry: the first "Report as incident" creates this stream expecting none. */
export const incidentFromDiaryStreamId = (diaryEntryId: string): string => `diary-incident-${diaryEntryId}`;
export const IncidentDiaryEntryClaimed = defineEvent(
  'IncidentDiaryEntryClaimed',
  1,
  z.object({ diaryEntryId: z.uuid(), incidentId: z.uuid() }),
);
export const incidentClaimEvents = [IncidentDiaryEntryClaimed] as const;
export type IncidentClaimEvent = EventOf<typeof incidentClaimEvents>;

/**
 * Legacy: the safeguarding team's contact details as the incidents screen once set them. No longer appended (the
 * contact is an agency setting now); kept so the events already stored stay readable: the settings read them as
 * changes to `safeguardingTeam*` (events/src/settings/legacy-safeguarding.ts).
 */
export const SAFEGUARDING_CONTACT_STREAM = 'safeguarding-contact';
export const SafeguardingContactSet = defineEvent(
  'SafeguardingContactSet',
  1,
  z.object({
    teamName: eventText(TEXT_LIMITS.contactName),
    phone: eventText(TEXT_LIMITS.phone).nullable(),
    outOfHoursPhone: eventText(TEXT_LIMITS.phone).nullable(),
    email: eventText(TEXT_LIMITS.email).nullable(),
    notes: eventText(TEXT_LIMITS.shortReason).nullable(),
  }),
);
export const safeguardingSettingsEvents = [SafeguardingContactSet] as const;
export type SafeguardingSettingsEvent = EventOf<typeof safeguardingSettingsEvents>;
