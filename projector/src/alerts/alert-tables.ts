import type { ColumnType } from 'kysely';
import type { AlertAudience, AlertRelatedKind, AlertSeverity, AlertStatus } from '@care/events';

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
  /** Who acts on it (alertAudienceOf its rule): a bell counts only the audiences its reader reads and follows. */
  audience: AlertAudience;
  /** The group it shows in (alertGroupOf), or null when it stands alone: a group is one row of the lists and one bell item. */
  group_key: string | null;
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

/**
 * Alerts per carer (null: about no carer), status, severity, audience and whether they belong to a group: the
 * figures' sums (alert-totals.ts). Grouped alerts are counted here one by one; the figures count their groups apart.
 */
export interface AlertTotalsTable {
  carer_id: string | null;
  status: AlertStatus;
  severity: AlertSeverity;
  audience: AlertAudience;
  grouped: boolean;
  alerts: number;
}

export interface AlertTables {
  alerts: AlertsTable;
  alert_totals: AlertTotalsTable;
}
