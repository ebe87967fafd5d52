import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import {
  ROLES,
  ALL_INCIDENT_DUTY_REASONS,
  ALL_INCIDENT_DUTY_STEPS,
  INCIDENT_DUTIES,
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
} from '../enums';
import { personRefSchema } from '../tasks/task-view-schema';
import type {
  IncidentAnalyticsView,
  IncidentDetailView,
  IncidentHandlerView,
  IncidentSummaryView,
  IncidentView,
} from './incident-view';

const count = z.int().min(0);

export const incidentDutyViewSchema = z.strictObject({
  duty: z.enum(INCIDENT_DUTIES),
  reason: z.enum(ALL_INCIDENT_DUTY_REASONS),
  dueDate: z.string(),
  steps: z.array(
    z.strictObject({ step: z.enum(ALL_INCIDENT_DUTY_STEPS), doneOn: z.string(), reference: z.string().nullable() }),
  ),
  met: z.boolean(),
  overdue: z.boolean(),
});

/** IncidentView for the API description and the tests that check replies against it. */
export const incidentViewSchema = z.strictObject({
  id: z.uuid(),
  type: z.enum(INCIDENT_TYPES),
  severity: z.enum(INCIDENT_SEVERITIES),
  title: z.string(),
  description: z.string(),
  location: z.string().nullable(),
  clientId: z.uuid().nullable(),
  clientName: z.string().nullable(),
  carerId: z.uuid().nullable(),
  carerName: z.string().nullable(),
  reportedBy: personRefSchema.nullable(),
  reportedByName: z.string().nullable(),
  witnessDetails: z.string().nullable(),
  immediateAction: z.string().nullable(),
  followUpRequired: z.boolean(),
  followUpNotes: z.string().nullable(),
  followUpDoneNotes: z.string().nullable(),
  status: z.enum(INCIDENT_STATUSES),
  dateOccurred: z.string(),
  appointmentId: z.uuid().nullable(),
  diaryEntryId: z.uuid().nullable(),
  escalatedTo: personRefSchema.nullable(),
  escalated: z.boolean(),
  resolutionSummary: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  amended: z.boolean(),
  notesCount: count,
  safeguardingReferrals: count,
  duties: z.array(incidentDutyViewSchema),
  revision: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const incidentDetailViewSchema = incidentViewSchema.extend({
  notes: z.array(z.strictObject({ id: z.uuid(), note: z.string(), by: personRefSchema.nullable(), at: z.string() })),
  referrals: z.array(
    z.strictObject({
      id: z.uuid(),
      referredOn: z.string(),
      referredTo: z.string(),
      localAuthorityReference: z.string().nullable(),
      outcome: z.string().nullable(),
      by: personRefSchema.nullable(),
      at: z.string(),
    }),
  ),
  timeline: z.array(
    z.strictObject({
      eventId: z.uuid(),
      revision: z.string(),
      type: z.string(),
      at: z.string(),
      by: personRefSchema.nullable(),
      summary: z.string(),
      changes: z.array(
        z.strictObject({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() }),
      ),
    }),
  ),
});

export const incidentSummaryViewSchema = z.strictObject({
  critical: count,
  open: count,
  thisWeek: count,
  total: count,
  underInvestigation: count,
  safeguarding: count,
  overdueDuties: count,
});

export const incidentAnalyticsViewSchema = z.strictObject({
  byType: z.array(z.strictObject({ type: z.enum(INCIDENT_TYPES), count })),
  bySeverity: z.array(z.strictObject({ severity: z.enum(INCIDENT_SEVERITIES), count })),
  byMonth: z.array(z.strictObject({ month: z.string(), count })),
  medianHoursToResolve: z.number().min(0).nullable(),
  resolvedCount: count,
});

export type IncidentViewSchemaView = Expect<Same<z.infer<typeof incidentViewSchema>, IncidentView>>;
export type IncidentViewSchemaDetail = Expect<Same<z.infer<typeof incidentDetailViewSchema>, IncidentDetailView>>;
export type IncidentViewSchemaSummary = Expect<Same<z.infer<typeof incidentSummaryViewSchema>, IncidentSummaryView>>;
export type IncidentViewSchemaAnalytics = Expect<
  Same<z.infer<typeof incidentAnalyticsViewSchema>, IncidentAnalyticsView>
>;

export const incidentHandlerViewSchema = z.strictObject({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
});
export type IncidentViewSchemaHandler = Expect<Same<z.infer<typeof incidentHandlerViewSchema>, IncidentHandlerView>>;
