import type { ColumnType } from 'kysely';
import type {
  IncidentDuty,
  IncidentDutyReason,
  IncidentDutyStep,
  IncidentSeverity,
  IncidentStatus,
  IncidentType,
} from '@care/events';

type Instant = ColumnType<Date, string, string>;
type OptionalInstant = ColumnType<Date | null, string | null, string | null>;
type Json<T> = ColumnType<T, string, string>;

/** A statutory duty as the incidents row keeps it (jsonb): few per incident, always read with it. */
export interface IncidentDutyRecord {
  duty: IncidentDuty;
  reason: IncidentDutyReason;
  dueDate: string;
  steps: { step: IncidentDutyStep; doneOn: string; reference: string | null }[];
  met: boolean;
}

/**
 * One row per incident (GET /api/incidents, the screen's cards and charts, the dashboard's Incidents tile, the
 * incident alert rules). Client and carer names are joined at query time from the appointments projection's name
 * tables (which keep removed records), users' names from users: this projection writes only its own tables.
 */
export interface IncidentsTable {
  id: string;
  type: IncidentType;
  severity: IncidentSeverity;
  title: string;
  description: string;
  location: string | null;
  client_id: string | null;
  carer_id: string | null;
  /** Metadata user id of the report. */
  reported_by: string;
  witness_details: string | null;
  immediate_action: string | null;
  follow_up_required: boolean;
  follow_up_notes: string | null;
  follow_up_done_notes: string | null;
  follow_up_waived_reason: string | null;
  status: IncidentStatus;
  date_occurred: Instant;
  appointment_id: string | null;
  diary_entry_id: string | null;
  escalated: boolean;
  escalated_to: string | null;
  escalated_at: OptionalInstant;
  escalation_reason: string | null;
  resolution_summary: string | null;
  /** The latest resolution (cleared on reopening). */
  resolved_at: OptionalInstant;
  /** The first resolution: the Analytics tab's time to resolve counts from the report to it. */
  first_resolved_at: OptionalInstant;
  closed_at: OptionalInstant;
  amended: boolean;
  notes_count: number;
  referrals_count: number;
  duties: Json<IncidentDutyRecord[]>;
  /** The earliest due date of a duty not yet met (London date), null when none: overdue when before today. */
  next_duty_due: string | null;
  revision: ColumnType<string, string | bigint, string | bigint>;
  created_at: Instant;
  updated_at: Instant;
}

/** Every event of every incident, for its timeline (and the Full Report): the data as recorded. */
export interface IncidentEventsTable {
  event_id: string;
  incident_id: string;
  revision: ColumnType<string, string | bigint, string | bigint>;
  type: string;
  user_id: string;
  occurred_at: Instant;
  data: Json<Record<string, unknown>>;
}

export interface IncidentTables {
  incidents: IncidentsTable;
  incident_events: IncidentEventsTable;
}
