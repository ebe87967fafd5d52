import { ALERT_SEVERITY_LABELS, ALERT_SEVERITY_RANK, type AlertSliceEvent } from '@care/events';
import { assertNever } from '../shared/assert-never';
import { DomainError } from '../shared/domain-error';
import type { AlertCommand } from './alert-commands';
import type { AlertState } from './alert-state';

export const ALERT_NOT_FOUND = 'Alert not found';
export const ALERT_ALREADY_RAISED = 'Alert already raised';
export const ALERT_ALREADY_ACKNOWLEDGED = 'Alert is already acknowledged';
export const ALERT_ALREADY_RESOLVED = 'Alert is already resolved';
export const ALERT_NOT_RESOLVED = 'Alert is not resolved: only a resolved alert can be reopened';

type OpenAlert = Extract<AlertState, { exists: true }>;

function existing(state: AlertState): OpenAlert {
  if (!state.exists) throw new DomainError('not_found', ALERT_NOT_FOUND);
  return state;
}

/** A person acts only on an open alert (active or acknowledged). */
function open(state: AlertState): OpenAlert {
  const alert = existing(state);
  if (alert.status === 'resolved') throw new DomainError('conflict', ALERT_ALREADY_RESOLVED);
  return alert;
}

/**
 * The alert aggregate's rules. Pure: the same command and state always give the same events or error.
 * People's commands refuse what does not apply (the route answers 404/409/400); the rule runner's system commands
 * answer no events instead, because a condition clearing twice, or an alert a person already closed, is normal.
 */
export function decide(command: AlertCommand, state: AlertState): AlertSliceEvent[] {
  switch (command.type) {
    case 'RaiseAlert': {
      if (state.exists) throw new DomainError('conflict', ALERT_ALREADY_RAISED);
      const { type: _type, ...data } = command;
      return [{ type: 'AlertRaised', data }];
    }
    case 'AcknowledgeAlert': {
      const alert = open(state);
      if (alert.status === 'acknowledged') throw new DomainError('conflict', ALERT_ALREADY_ACKNOWLEDGED);
      return [{ type: 'AlertAcknowledged', data: { id: command.id, note: command.note } }];
    }
    case 'AssignAlert': {
      const alert = open(state);
      if (alert.assignedTo === command.assignedTo) return [];
      return [{ type: 'AlertAssigned', data: { id: command.id, assignedTo: command.assignedTo } }];
    }
    case 'EscalateAlert': {
      const alert = open(state);
      if (ALERT_SEVERITY_RANK[command.severity] <= ALERT_SEVERITY_RANK[alert.severity]) {
        throw new DomainError(
          'invalid',
          `Severity must be higher than the current severity (${ALERT_SEVERITY_LABELS[alert.severity]})`,
          'severity',
        );
      }
      return [{ type: 'AlertEscalated', data: { id: command.id, severity: command.severity, reason: command.reason } }];
    }
    case 'ResolveAlert': {
      open(state);
      return [{ type: 'AlertResolved', data: { id: command.id, by: 'person', note: command.note } }];
    }
    case 'ResolveAlertBySystem': {
      if (!state.exists || state.status === 'resolved') return [];
      return [{ type: 'AlertResolved', data: { id: command.id, by: 'system', note: command.note } }];
    }
    case 'ReopenAlert': {
      const alert = existing(state);
      if (alert.status !== 'resolved') throw new DomainError('conflict', ALERT_NOT_RESOLVED);
      return [{ type: 'AlertReopened', data: { id: command.id, by: 'person', reason: command.reason } }];
    }
    case 'ReopenAlertBySystem': {
      // A person's resolution is a decision the rule runner does not overrule.
      if (!state.exists || state.status !== 'resolved' || state.lastResolvedBy !== 'system') return [];
      return [{ type: 'AlertReopened', data: { id: command.id, by: 'system', reason: command.reason } }];
    }
    default:
      return assertNever(command);
  }
}
