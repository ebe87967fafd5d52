import type { ColumnType } from 'kysely';
import type { AlertRelatedKind, AlertSeverity, AlertStatus } from '@care/events';

type Instant = ColumnType<Date, string, string>;
type OptionalInstant = ColumnType<Date | null, string | null, string | null>;

/**
 * One row per alert (the alerts projection). The rule runner reads `rule`, `subject`, `status` and
 * `resolved_by_system` to clear or reopen what a condition rule raised; the read API serves the rest.
 */
export interface AlertsTable {
  id: string;
  rule: string;
  subject: string;
  /** The alert's `type`: for rule alerts, the rule's alert type. */
  type: string;
  severity: AlertSeverity;
  title: string;
  description: string;
  related_kind: AlertRelatedKind;
  related_id: string;
  carer_id: string | null;
  client_id: string | null;
  appointment_id: string | null;
  assigned_to: string | null;
  status: AlertStatus;
  action_required: string | null;
  due_date: OptionalInstant;
  acknowledged_by: string | null;
  acknowledged_at: OptionalInstant;
  resolved_by: string | null;
  resolved_at: OptionalInstant;
  resolution: string | null;
  resolved_by_system: boolean;
  /** [{ severity, reason, at, by }] */
  escalations: ColumnType<unknown[], string, string>;
  /** While snoozed: until when, who snoozed it (metadata user id) and why; all null when not snoozed. */
  snoozed_until: OptionalInstant;
  snoozed_by: string | null;
  snooze_reason: string | null;
  /** Every snooze, for the alert's history: [{ until, reason, at, by }] */
  snoozes: ColumnType<unknown[], string, string>;
  task_ids: ColumnType<string[], string[], string[]>;
  raised_by: string;
  /** The global position of AlertRaised: the live push finds the alerts raised since its last push by it. */
  raised_commit: ColumnType<string, string | bigint, string | bigint>;
  raised_prepare: ColumnType<string, string | bigint, string | bigint>;
  revision: ColumnType<string, string | bigint, string | bigint>;
  created_at: Instant;
  updated_at: Instant;
}

/** Alerts per carer (null: about no carer), status and severity: the figures' sums (alert-totals.ts). */
export interface AlertTotalsTable {
  carer_id: string | null;
  status: AlertStatus;
  severity: AlertSeverity;
  alerts: number;
}

export interface AlertTables {
  alerts: AlertsTable;
  alert_totals: AlertTotalsTable;
}
