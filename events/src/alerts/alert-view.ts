import type { AlertRelatedKind, AlertSeverity, AlertStatus } from '../enums';
import type { PersonRef } from '../tasks/task-view';

/** GET /api/alerts items and the `alerts:new` push: the fields of an alert. */
export interface AlertView {
  id: string;
  rule: string;
  /** The alert's `type`: the rule that raised it (visit-late, training-expired…; docs/features/alerts.md). */
  type: string;
  severity: AlertSeverity;
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
  /** Severity raises, newest last. */
  escalations: { severity: AlertSeverity; reason: string; at: string; by: PersonRef | null }[];
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
