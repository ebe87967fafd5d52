import {
  TEXT_LIMITS,
  type AlertRelatedKind,
  type AlertSeverity,
  type alertTaskRequestSchema,
  type TaskCategory,
  type TaskPriority,
} from '@care/events';
import type { z } from 'zod';
import { DomainError } from '../shared/domain-error';
import type { NewTask } from '../tasks/task-service';
import type { AlertState } from './alert-state';
import { ALERT_NOT_FOUND } from './decide';

export type AlertTaskInput = z.output<typeof alertTaskRequestSchema>;

/** What the alert is about decides who follows it up: visits and diary entries are care work, training is training… */
const CATEGORY_OF: Record<AlertRelatedKind, TaskCategory> = {
  appointment: 'care',
  diary_entry: 'care',
  client: 'care',
  training: 'training',
  carer_day: 'staffing',
  carer: 'staffing',
  // A carer in trouble on a visit: the follow-up is a welfare check, care work.
  emergency: 'care',
  offline_record: 'care',
  // A plan's review is care work: the coordinator meets the client.
  care_plan: 'care',
  // Investigating an incident and its statutory duties is care governance.
  incident: 'care',
  prescription: 'medication',
  // Chasing an unpaid invoice, a contract renewal or a carer's pay is office work.
  invoice: 'administration',
  contract: 'administration',
  payroll: 'administration',
};

const PRIORITY_OF: Record<AlertSeverity, TaskPriority> = {
  critical: 'urgent',
  high: 'high',
  medium: 'medium',
  low: 'low',
};

const TITLE_PREFIX = 'Follow up: ';

/**
 * The follow-up task a coordinator makes from an alert in one step (pure): what the request leaves out comes from
 * the alert (title, category from what it is about, priority from its severity, its due date), and the task names
 * the same client, carer and visit.
 */
export function followUpTask(alertId: string, alert: AlertState, input: AlertTaskInput): NewTask {
  if (!alert.exists) throw new DomainError('not_found', ALERT_NOT_FOUND);
  return {
    details: {
      title: input.title ?? `${TITLE_PREFIX}${alert.title}`.slice(0, TEXT_LIMITS.title),
      description: alert.description,
      type: 'follow_up',
      category: input.category ?? CATEGORY_OF[alert.relatedKind],
      priority: input.priority ?? PRIORITY_OF[alert.severity],
      dueDate: input.dueDate ?? alert.dueDate,
      clientId: alert.clientId,
      carerId: alert.carerId,
      appointmentId: alert.appointmentId,
    },
    assignedTo: input.assignedTo ?? null,
    alertId,
  };
}
