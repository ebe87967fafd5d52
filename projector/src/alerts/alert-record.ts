import type { Insertable, Selectable } from 'kysely';
import {
  alertAudienceOf,
  alertGroupOf,
  type AlertSeverity,
  type AlertSliceEvent,
  type EscalationAudience,
  type RecordedEvent,
  type TaskSliceEvent,
} from '@care/events';
import { iso, isoOrNull } from '../shared/fold-batch';
import type { AlertsTable } from './alert-tables';

/**
 * One step of `escalations` (who: the metadata user id, resolved to a name by the read API): a severity raise, or
 * a mail to more people because nobody acknowledged it (`step` and `audience`; absent on severity raises).
 */
export interface AlertEscalation {
  severity: AlertSeverity;
  reason: string;
  at: string;
  by: string;
  step?: number;
  audience?: EscalationAudience;
}

/** One snooze, for the alert's history (who: the metadata user id, resolved to a name by the read API). */
export interface AlertSnooze {
  until: string;
  reason: string;
  at: string;
  by: string;
}

/** A row of `alerts` as the projection folds it in memory: instants as ISO text, JSON as values. */
export type AlertRecord = Omit<
  Selectable<AlertsTable>,
  | 'due_date'
  | 'acknowledged_at'
  | 'resolved_at'
  | 'created_at'
  | 'updated_at'
  | 'escalations'
  | 'snoozed_until'
  | 'snoozes'
  | 'revision'
  | 'raised_commit'
  | 'raised_prepare'
> & {
  due_date: string | null;
  acknowledged_at: string | null;
  resolved_at: string | null;
  created_at: string;
  updated_at: string;
  escalations: AlertEscalation[];
  snoozed_until: string | null;
  snoozes: AlertSnooze[];
  revision: string;
  raised_commit: string;
  raised_prepare: string;
};

export type AlertRecorded = RecordedEvent<AlertSliceEvent>;
export type TaskCreatedRecorded = RecordedEvent<Extract<TaskSliceEvent, { type: 'TaskCreated' }>>;

export function recordOf(row: Selectable<AlertsTable>): AlertRecord {
  return {
    ...row,
    due_date: isoOrNull(row.due_date),
    acknowledged_at: isoOrNull(row.acknowledged_at),
    resolved_at: isoOrNull(row.resolved_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    escalations: row.escalations as AlertEscalation[],
    snoozed_until: isoOrNull(row.snoozed_until),
    snoozes: row.snoozes as AlertSnooze[],
    revision: String(row.revision),
    raised_commit: String(row.raised_commit),
    raised_prepare: String(row.raised_prepare),
  };
}

export function rowOf(record: AlertRecord): Insertable<AlertsTable> {
  return { ...record, escalations: JSON.stringify(record.escalations), snoozes: JSON.stringify(record.snoozes) };
}

/** Acknowledging, resolving, the snooze's time or Unsnooze: the alert counts again (unless acknowledged). */
const NOT_SNOOZED = { snoozed_until: null, snoozed_by: null, snooze_reason: null } as const;

/**
 * The row after one event (a pure fold). `current` is undefined only before AlertRaised; any other event without
 * a row is ignored. A follow-up task made from the alert adds its id (the task's own stream does not change the
 * alert's revision: If-Match on the alert stays what the alert's stream says).
 */
export function evolveAlert(
  current: AlertRecord | undefined,
  event: AlertRecorded | TaskCreatedRecorded,
): AlertRecord | undefined {
  const at = iso(event.metadata.occurredAt);
  const by = event.metadata.userId;
  if (event.type === 'TaskCreated') {
    if (!current || current.task_ids.includes(event.data.id)) return undefined;
    return { ...current, task_ids: [...current.task_ids, event.data.id] };
  }
  const stamp = { revision: String(event.revision), updated_at: at };
  if (event.type === 'AlertRaised') {
    const data = event.data;
    return {
      id: data.id,
      rule: data.rule,
      subject: data.subject,
      // The alert's `type`: a rule raises one kind of alert, named by the rule.
      type: data.rule,
      severity: data.severity,
      audience: alertAudienceOf(data.rule),
      group_key: alertGroupOf(data.rule, data.group),
      title: data.title,
      description: data.description,
      related_kind: data.relatedKind,
      related_id: data.relatedId,
      carer_id: data.carerId,
      client_id: data.clientId,
      appointment_id: data.appointmentId,
      assigned_to: null,
      status: 'active',
      action_required: data.actionRequired,
      due_date: data.dueDate === null ? null : iso(data.dueDate),
      acknowledged_by: null,
      acknowledged_at: null,
      resolved_by: null,
      resolved_at: null,
      resolution: null,
      resolved_by_system: false,
      escalations: [],
      ...NOT_SNOOZED,
      snoozes: [],
      task_ids: [],
      raised_by: by,
      raised_commit: event.position.commit.toString(),
      raised_prepare: event.position.prepare.toString(),
      created_at: at,
      ...stamp,
    };
  }
  if (!current) return undefined;
  switch (event.type) {
    case 'AlertAssigned':
      return { ...current, assigned_to: event.data.assignedTo, ...stamp };
    case 'AlertAcknowledged':
      return {
        ...current,
        status: 'acknowledged',
        acknowledged_by: by,
        acknowledged_at: at,
        ...NOT_SNOOZED,
        ...stamp,
      };
    case 'AlertEscalated':
      return {
        ...current,
        severity: event.data.severity,
        escalations: [...current.escalations, { severity: event.data.severity, reason: event.data.reason, at, by }],
        ...stamp,
      };
    case 'AlertResolved':
      return {
        ...current,
        status: 'resolved',
        resolved_by: by,
        resolved_at: at,
        resolution: event.data.note,
        resolved_by_system: event.data.by === 'system',
        ...NOT_SNOOZED,
        ...stamp,
      };
    case 'AlertReopened':
      // Open again and unread: it counts in the bell until someone acknowledges it again.
      return {
        ...current,
        status: 'active',
        acknowledged_by: null,
        acknowledged_at: null,
        resolved_by: null,
        resolved_at: null,
        resolution: null,
        resolved_by_system: false,
        ...stamp,
      };
    case 'AlertSnoozed': {
      const until = iso(event.data.until);
      return {
        ...current,
        snoozed_until: until,
        snoozed_by: by,
        snooze_reason: event.data.reason,
        snoozes: [...current.snoozes, { until, reason: event.data.reason, at, by }],
        ...stamp,
      };
    }
    case 'AlertSnoozeEnded':
      return { ...current, ...NOT_SNOOZED, ...stamp };
    case 'AlertEscalationSent': {
      const { step, audience, reason } = event.data;
      const escalation = { severity: current.severity, reason, at, by, step, audience };
      return { ...current, escalations: [...current.escalations, escalation], ...stamp };
    }
  }
}
