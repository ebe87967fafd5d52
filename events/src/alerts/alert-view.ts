import type { AlertRelatedKind, AlertSeverity, AlertStatus } from '../enums';
import type { PersonRef } from '../tasks/task-view';
import type { AlertAudience } from './alert-audiences';
import type { EscalationAudience } from './alert-escalation-events';

/** GET /api/alerts items and the `alerts:new` push: the fields of an alert. */
export interface AlertView {
  id: string;
  rule: string;
  /** The alert's `type`: the rule that raised it (visit-late, training-expired…; docs/features/alerts.md). */
  type: string;
  severity: AlertSeverity;
  /** Who acts on it (alert-audiences.ts). */
  audience: AlertAudience;
  /** The group it shows in on the lists (null: it stands alone). */
  groupKey: string | null;
  title: string;
  description: string;
  relatedKind: AlertRelatedKind;
  relatedId: string;
  carerId: string | null;
  carerName: string | null;
  clientId: string | null;
  clientName: string | null;
  appointmentId: string | null;
  assignedTo: PersonRef | null;
  status: AlertStatus;
  actionRequired: string | null;
  dueDate: string | null;
  acknowledgedBy: PersonRef | null;
  acknowledgedAt: string | null;
  resolvedBy: PersonRef | null;
  resolvedAt: string | null;
  /** A person's note, or what cleared it when the system resolved it. */
  resolution: string | null;
  resolvedBySystem: boolean;
  /**
   * Severity raises and mailed escalations (nobody acknowledged it in time), oldest first. A mailed one has its
   * `step` (1, 2) and `audience`; a severity raise has neither (null).
   */
  escalations: {
    severity: AlertSeverity;
    reason: string;
    at: string;
    by: PersonRef | null;
    step: number | null;
    audience: EscalationAudience | null;
  }[];
  /**
   * Snoozed until this instant (null: not snoozed): it is still open, but out of the bell and the dashboard's alert
   * figures until then. `snoozedBy` and `snoozeReason` say who and why.
   */
  snoozedUntil: string | null;
  snoozedBy: PersonRef | null;
  snoozeReason: string | null;
  /** Every snooze, newest last (the alert's history). */
  snoozes: { until: string; reason: string; at: string; by: PersonRef | null }[];
  /** Tasks made from it. */
  taskIds: string[];
  revision: string;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/alerts/count: the bell's figure, alerts nobody has acknowledged yet (that the caller may read). */
export interface AlertCount {
  count: number;
}
