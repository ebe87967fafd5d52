import { z } from 'zod';
import {
  ALL_INCIDENT_DUTY_REASONS,
  ALL_INCIDENT_DUTY_STEPS,
  INCIDENT_DUTIES,
  INCIDENT_SEVERITIES,
  INCIDENT_TYPES,
} from '../enums';
import {
  oneOf,
  optionalDate,
  optionalReference,
  optionalText,
  requiredDate,
  requiredInstant,
  requiredText,
} from '../fields';
import { TEXT_LIMITS } from '../limits';
import { dutyAppliesFor, isStepOf } from './incident-duties';

const yesNo = (label: string) => z.boolean({ error: `${label} must be true or false` });

/** The report's fields as the form sends them; the reporter is the signed-in user. */
const reportFields = {
  type: oneOf(INCIDENT_TYPES, 'Type'),
  severity: oneOf(INCIDENT_SEVERITIES, 'Severity'),
  title: requiredText('Title is required', TEXT_LIMITS.title),
  description: requiredText('Description is required', TEXT_LIMITS.diaryContent),
  location: optionalText(TEXT_LIMITS.locationAddress),
  clientId: optionalReference('Client not found'),
  carerId: optionalReference('Carer not found'),
  witnessDetails: optionalText(TEXT_LIMITS.notes),
  immediateAction: optionalText(TEXT_LIMITS.notes),
  followUpRequired: yesNo('Follow-up required').default(false),
  followUpNotes: optionalText(TEXT_LIMITS.notes),
  dateOccurred: requiredInstant('Date occurred is required'),
};

/** POST /api/incidents. `appointmentId`: the visit it happened on (a carer: one of their own visits). */
export const reportIncidentRequestSchema = z.object({
  ...reportFields,
  appointmentId: optionalReference('Appointment not found'),
});
export type ReportIncidentRequest = z.input<typeof reportIncidentRequestSchema>;

/**
 * POST /api/incidents/from-diary-entry: one step from a diary entry of type incident (its text, client, carer and
 * time). Type defaults to accident; severity to the entry's priority (urgent → critical, high, normal → medium, low).
 */
export const reportFromDiaryRequestSchema = z.object({
  diaryEntryId: z
    .string({ error: 'Diary entry is required' })
    .trim()
    .toLowerCase()
    .pipe(z.uuid({ error: 'Diary entry not found' })),
  type: oneOf(INCIDENT_TYPES, 'Type').default('accident'),
  severity: oneOf(INCIDENT_SEVERITIES, 'Severity').optional(),
});
export type ReportFromDiaryRequest = z.input<typeof reportFromDiaryRequestSchema>;

/** POST /api/incidents/:id/amend: the corrected fields (only those sent) and why; severity moves by escalation. */
export const amendIncidentRequestSchema = z.object({
  type: reportFields.type.optional(),
  title: requiredText('Title is required', TEXT_LIMITS.title).optional(),
  description: requiredText('Description is required', TEXT_LIMITS.diaryContent).optional(),
  location: reportFields.location,
  clientId: reportFields.clientId,
  carerId: reportFields.carerId,
  witnessDetails: reportFields.witnessDetails,
  immediateAction: reportFields.immediateAction,
  followUpRequired: yesNo('Follow-up required').optional(),
  followUpNotes: reportFields.followUpNotes,
  dateOccurred: requiredInstant('Date occurred is required').optional(),
  reason: requiredText('Reason is required', TEXT_LIMITS.shortReason),
});
export type AmendIncidentRequest = z.input<typeof amendIncidentRequestSchema>;

export const incidentNoteRequestSchema = z.object({ note: requiredText('Note is required', TEXT_LIMITS.notes) });
export const resolveIncidentRequestSchema = z.object({
  resolutionSummary: requiredText('Resolution summary is required', TEXT_LIMITS.notes),
});
export const followUpDoneRequestSchema = z.object({ notes: requiredText('Say what was done', TEXT_LIMITS.notes) });
/** POST /api/incidents/:id/close: a required follow-up not recorded as done must be waived here, with why. */
export const closeIncidentRequestSchema = z.object({ followUpWaivedReason: optionalText(TEXT_LIMITS.shortReason) });
export const reopenIncidentRequestSchema = z.object({
  reason: requiredText('Reason is required', TEXT_LIMITS.shortReason),
});

/** POST /api/incidents/:id/escalate: a higher severity, a named person, or both; always why. */
export const escalateIncidentRequestSchema = z
  .object({
    severity: oneOf(INCIDENT_SEVERITIES, 'Severity').nullable().optional(),
    escalatedTo: optionalReference('Choose an active user'),
    reason: requiredText('Reason is required', TEXT_LIMITS.shortReason),
  })
  .refine((value) => (value.severity ?? null) !== null || (value.escalatedTo ?? null) !== null, {
    message: 'Raise the severity or choose the person to hand it to',
    path: ['severity'],
  });
export type EscalateIncidentRequest = z.input<typeof escalateIncidentRequestSchema>;

/** POST /api/incidents/:id/safeguarding-referrals: what "Contact Safeguarding Team" records. */
export const safeguardingReferralRequestSchema = z.object({
  referredOn: requiredDate('Date referred is required'),
  referredTo: requiredText('Say who it was referred to', TEXT_LIMITS.contactName),
  localAuthorityReference: optionalText(TEXT_LIMITS.reference),
  outcome: optionalText(TEXT_LIMITS.notes),
});
export type SafeguardingReferralRequest = z.input<typeof safeguardingReferralRequestSchema>;
/** PATCH /api/incidents/:id/safeguarding-referrals/:referralId: the reference or outcome learnt later. */
export const safeguardingReferralUpdateRequestSchema = z.object({
  localAuthorityReference: optionalText(TEXT_LIMITS.reference),
  outcome: optionalText(TEXT_LIMITS.notes),
});

/** POST /api/incidents/:id/duties: a statutory duty applies, for this reason; the due date defaults by the rules. */
export const incidentDutyRequestSchema = z
  .object({
    duty: oneOf(INCIDENT_DUTIES, 'Duty'),
    reason: oneOf(ALL_INCIDENT_DUTY_REASONS, 'Reason'),
    dueDate: optionalDate(),
  })
  .refine((value) => dutyAppliesFor(value.duty, value.reason), {
    message: 'This reason does not apply to this duty',
    path: ['reason'],
  });
export type IncidentDutyRequest = z.input<typeof incidentDutyRequestSchema>;

/** POST /api/incidents/:id/duties/steps: one step done, on a date, with the reference it was given. */
export const incidentDutyStepRequestSchema = z
  .object({
    duty: oneOf(INCIDENT_DUTIES, 'Duty'),
    step: oneOf(ALL_INCIDENT_DUTY_STEPS, 'Step'),
    doneOn: requiredDate('Date is required'),
    reference: optionalText(TEXT_LIMITS.reference),
  })
  .refine((value) => isStepOf(value.duty, value.step), {
    message: 'This step is not part of this duty',
    path: ['step'],
  });
export type IncidentDutyStepRequest = z.input<typeof incidentDutyStepRequestSchema>;
