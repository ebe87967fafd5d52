import type {
  Role,
  IncidentDuty,
  IncidentDutyReason,
  IncidentDutyStep,
  IncidentSeverity,
  IncidentStatus,
  IncidentType,
} from '../enums';
import type { PersonRef } from '../tasks/task-view';

/** A statutory duty on an incident: why it applies, when it is due, what has been done. */
export interface IncidentDutyView {
  duty: IncidentDuty;
  reason: IncidentDutyReason;
  /** London date, YYYY-MM-DD. */
  dueDate: string;
  steps: { step: IncidentDutyStep; doneOn: string; reference: string | null }[];
  /** Every step of the duty recorded. */
  met: boolean;
  /** Not met and its due date (London) has passed. */
  overdue: boolean;
}

/** GET /api/incidents items (an incident's fields, plus the investigation's state). */
export interface IncidentView {
  id: string;
  type: IncidentType;
  severity: IncidentSeverity;
  title: string;
  description: string;
  location: string | null;
  clientId: string | null;
  clientName: string | null;
  carerId: string | null;
  carerName: string | null;
  reportedBy: PersonRef | null;
  reportedByName: string | null;
  witnessDetails: string | null;
  immediateAction: string | null;
  followUpRequired: boolean;
  followUpNotes: string | null;
  /** The follow-up recorded as done (what was done). */
  followUpDoneNotes: string | null;
  status: IncidentStatus;
  dateOccurred: string;
  appointmentId: string | null;
  diaryEntryId: string | null;
  /** The person it was last handed to by an escalation. */
  escalatedTo: PersonRef | null;
  escalated: boolean;
  resolutionSummary: string | null;
  resolvedAt: string | null;
  closedAt: string | null;
  /** Corrected since it was reported (the history shows the original). */
  amended: boolean;
  notesCount: number;
  safeguardingReferrals: number;
  duties: IncidentDutyView[];
  /** Stream revision: send it back as If-Match to refuse a concurrent change. */
  revision: string;
  createdAt: string;
  updatedAt: string;
}

/** One line of an incident's timeline: every event of its stream, oldest first. */
export interface IncidentTimelineEntry {
  eventId: string;
  revision: string;
  type: string;
  at: string;
  by: PersonRef | null;
  /** What happened, in words ("Investigation started", "Severity raised from High to Critical: …"). */
  summary: string;
  /** For a report or amendment: each field with its value before and after (before is null on the report). */
  changes: { field: string; before: string | null; after: string | null }[];
}

export interface IncidentNoteView {
  id: string;
  note: string;
  by: PersonRef | null;
  at: string;
}

export interface SafeguardingReferralView {
  id: string;
  referredOn: string;
  referredTo: string;
  localAuthorityReference: string | null;
  outcome: string | null;
  by: PersonRef | null;
  at: string;
}

/** GET /api/incidents/:id: the record, its notes, referrals and whole timeline. */
export interface IncidentDetailView extends IncidentView {
  notes: IncidentNoteView[];
  referrals: SafeguardingReferralView[];
  timeline: IncidentTimelineEntry[];
}

/** GET /api/incidents/summary: the screen's cards for the current search and severity filter. */
export interface IncidentSummaryView {
  critical: number;
  open: number;
  thisWeek: number;
  total: number;
  underInvestigation: number;
  safeguarding: number;
  overdueDuties: number;
}

/** GET /api/incidents/analytics: the Analytics tab's charts and median time to resolve. */
export interface IncidentAnalyticsView {
  byType: { type: IncidentType; count: number }[];
  bySeverity: { severity: IncidentSeverity; count: number }[];
  /** Month of occurrence (London), YYYY-MM, oldest first, the last 12 months. */
  byMonth: { month: string; count: number }[];
  /** Hours (2 decimals) from when it happened to its first resolution, median of the resolved ones; null when none resolved. */
  medianHoursToResolve: number | null;
  resolvedCount: number;
}

/** GET /api/incidents/handlers: whom Escalate may hand an incident to. */
export interface IncidentHandlerView {
  id: string;
  firstName: string;
  lastName: string;
  role: Role;
}
