import { ALERT_SEVERITY_LABELS, ALERT_SEVERITY_RANK, ESCALATION_STEPS, type AlertSliceEvent } from '@care/events';
import { assertNever } from '../shared/assert-never';
import { DomainError } from '../shared/domain-error';
import type { AlertCommand } from './alert-commands';
import type { AlertState } from './alert-state';

export const ALERT_NOT_FOUND = 'Alert not found';
export const ALERT_ALREADY_RAISED = 'Alert already raised';
export const ALERT_ALREADY_ACKNOWLEDGED = 'Alert is already acknowledged';
export const ALERT_ALREADY_RESOLVED = 'Alert is already resolved';
export const ALERT_NOT_RESOLVED = 'Alert is not resolved: only a resolved alert can be reopened';
export const ALERT_NOT_SNOOZED = 'Alert is not snoozed';
/** The longest snooze: a week puts an alert aside, it does not bury it. */
export const MAX_SNOOZE_DAYS = 7;
export const SNOOZE_IN_PAST = 'Snooze until must be in the future';
export const SNOOZE_TOO_LONG = `Snooze until must be at most ${MAX_SNOOZE_DAYS} days ahead`;

export const ESCALATION_NOT_WAITING = 'Alert is no longer waiting for acknowledgement';
export const ESCALATION_ALREADY_SENT = 'This escalation step was already sent';
export const ESCALATION_STEP_UNKNOWN = 'Alert has no such escalation step at its severity';
export const ESCALATION_STEP_EARLY = 'The previous escalation step has not been sent';
export const ESCALATION_NOBODY = 'Nobody to escalate to';

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
    case 'SnoozeAlert': {
      open(state);
      const until = Date.parse(command.until);
      const now = Date.parse(command.now);
      if (until <= now) throw new DomainError('invalid', SNOOZE_IN_PAST, 'until');
      if (until > now + MAX_SNOOZE_DAYS * 86_400_000) throw new DomainError('invalid', SNOOZE_TOO_LONG, 'until');
      return [{ type: 'AlertSnoozed', data: { id: command.id, until: command.until, reason: command.reason } }];
    }
    case 'UnsnoozeAlert': {
      const alert = open(state);
      if (alert.snoozedUntil === null) throw new DomainError('conflict', ALERT_NOT_SNOOZED);
      return [{ type: 'AlertSnoozeEnded', data: { id: command.id } }];
    }
    case 'EndAlertSnoozeBySystem': {
      // Someone took it off, acknowledged or resolved it meanwhile, or snoozed it again for longer: nothing to end.
      if (!state.exists || state.snoozedUntil === null) return [];
      if (Date.parse(state.snoozedUntil) > Date.parse(command.now)) return [];
      return [{ type: 'AlertSnoozeEnded', data: { id: command.id } }];
    }
    case 'RecordAlertEscalation': {
      // Refusals, not silence: the rules process learns that another copy of it (or a person) got there first.
      const alert = existing(state);
      if (alert.status !== 'active' || alert.snoozedUntil !== null)
        throw new DomainError('conflict', ESCALATION_NOT_WAITING);
      if (command.step < 1 || command.step > ESCALATION_STEPS[alert.severity])
        throw new DomainError('conflict', ESCALATION_STEP_UNKNOWN);
      if (alert.escalationSteps.includes(command.step)) throw new DomainError('conflict', ESCALATION_ALREADY_SENT);
      if (command.step > 1 && !alert.escalationSteps.includes(command.step - 1))
        throw new DomainError('conflict', ESCALATION_STEP_EARLY);
      if (command.recipients.length === 0) throw new DomainError('invalid', ESCALATION_NOBODY, 'recipients');
      const { id, step, audience, recipients, reason } = command;
      return [{ type: 'AlertEscalationSent', data: { id, step, audience, recipients: [...recipients], reason } }];
    }
    default:
      return assertNever(command);
  }
}
