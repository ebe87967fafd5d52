import type { AlertSliceEvent } from '@care/events';
import { describe, expect, it } from 'vitest';
import { refusal } from '../shared/refusal.testing';
import type { AlertCommand, RaiseAlertInput } from './alert-commands';
import { evolve, initialAlertState, type AlertState } from './alert-state';
import { decide } from './decide';

const id = '5d0c7a3e-1f2b-5c4d-8e9f-0a1b2c3d4e5f';
const carerId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';
const appointmentId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7c';
const userId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7d';

const raiseInput: RaiseAlertInput = {
  rule: 'visit_late',
  subject: appointmentId,
  severity: 'high',
  title: 'Visit running late',
  description: 'Nobody has checked in to the 09:00 visit for Mary Jones.',
  relatedKind: 'appointment',
  relatedId: appointmentId,
  carerId,
  clientId: null,
  appointmentId,
  actionRequired: 'Call the carer',
  dueDate: null,
};

const raised: AlertSliceEvent = { type: 'AlertRaised', data: { id, ...raiseInput } };
const acknowledged: AlertSliceEvent = { type: 'AlertAcknowledged', data: { id, note: null } };
const resolvedByPerson: AlertSliceEvent = {
  type: 'AlertResolved',
  data: { id, by: 'person', note: 'Carer was stuck in traffic' },
};
const resolvedBySystem: AlertSliceEvent = {
  type: 'AlertResolved',
  data: { id, by: 'system', note: 'Checked in at 09:20' },
};
const reopenedByPerson: AlertSliceEvent = {
  type: 'AlertReopened',
  data: { id, by: 'person', reason: 'Not sorted after all' },
};
const reopenedBySystem: AlertSliceEvent = { type: 'AlertReopened', data: { id, by: 'system', reason: 'Late again' } };

const acknowledge: AlertCommand = { type: 'AcknowledgeAlert', id, note: 'Calling the carer' };
const assign = (assignedTo: string | null): AlertCommand => ({ type: 'AssignAlert', id, assignedTo });
const escalate = (severity: 'low' | 'medium' | 'high' | 'critical'): AlertCommand => ({
  type: 'EscalateAlert',
  id,
  severity,
  reason: 'Client has no food',
});
const resolve: AlertCommand = { type: 'ResolveAlert', id, note: 'Carer arrived' };
const resolveBySystem: AlertCommand = { type: 'ResolveAlertBySystem', id, note: 'Checked in at 09:20' };
const reopen: AlertCommand = { type: 'ReopenAlert', id, reason: 'Not sorted after all' };
const reopenBySystem: AlertCommand = { type: 'ReopenAlertBySystem', id, reason: 'Late again' };

/** Given past events, when a command, then the new events or the refusal. */
function given(...events: AlertSliceEvent[]) {
  const state = events.reduce<AlertState>(evolve, initialAlertState);
  return {
    when: (command: AlertCommand) => ({
      then: (expected: AlertSliceEvent[]) => expect(decide(command, state)).toEqual(expected),
      thenRefused: () => refusal(() => decide(command, state)),
    }),
  };
}

const NOT_FOUND = { kind: 'not_found', message: 'Alert not found', field: undefined };
const ALREADY_RESOLVED = { kind: 'conflict', message: 'Alert is already resolved', field: undefined };

describe('decide: RaiseAlert', () => {
  it('raises a new alert with what the rule said', () => {
    given()
      .when({ type: 'RaiseAlert', id, ...raiseInput })
      .then([raised]);
  });

  it('refuses to raise the same alert twice', () => {
    expect(
      given(raised)
        .when({ type: 'RaiseAlert', id, ...raiseInput })
        .thenRefused(),
    ).toEqual({
      kind: 'conflict',
      message: 'Alert already raised',
      field: undefined,
    });
  });
});

describe('decide: AcknowledgeAlert', () => {
  it('acknowledges an active alert, with the note', () => {
    given(raised)
      .when(acknowledge)
      .then([{ type: 'AlertAcknowledged', data: { id, note: 'Calling the carer' } }]);
  });

  it('acknowledges an alert reopened after it was acknowledged and resolved', () => {
    given(raised, acknowledged, resolvedByPerson, reopenedByPerson)
      .when({ type: 'AcknowledgeAlert', id, note: null })
      .then([acknowledged]);
  });

  it('refuses an alert already acknowledged', () => {
    expect(given(raised, acknowledged).when(acknowledge).thenRefused()).toEqual({
      kind: 'conflict',
      message: 'Alert is already acknowledged',
      field: undefined,
    });
  });

  it('refuses a resolved alert', () => {
    expect(given(raised, resolvedBySystem).when(acknowledge).thenRefused()).toEqual(ALREADY_RESOLVED);
  });

  it('refuses an unknown alert', () => {
    expect(given().when(acknowledge).thenRefused()).toEqual(NOT_FOUND);
  });
});

describe('decide: AssignAlert', () => {
  it('assigns an active or acknowledged alert', () => {
    given(raised)
      .when(assign(userId))
      .then([{ type: 'AlertAssigned', data: { id, assignedTo: userId } }]);
    given(raised, acknowledged)
      .when(assign(userId))
      .then([{ type: 'AlertAssigned', data: { id, assignedTo: userId } }]);
  });

  it('unassigns with null', () => {
    given(raised, { type: 'AlertAssigned', data: { id, assignedTo: userId } })
      .when(assign(null))
      .then([{ type: 'AlertAssigned', data: { id, assignedTo: null } }]);
  });

  it('records nothing when it is already assigned to that person (or already unassigned)', () => {
    given(raised, { type: 'AlertAssigned', data: { id, assignedTo: userId } })
      .when(assign(userId))
      .then([]);
    given(raised).when(assign(null)).then([]);
  });

  it('refuses a resolved or unknown alert', () => {
    expect(given(raised, resolvedByPerson).when(assign(userId)).thenRefused()).toEqual(ALREADY_RESOLVED);
    expect(given().when(assign(userId)).thenRefused()).toEqual(NOT_FOUND);
  });
});

describe('decide: EscalateAlert', () => {
  it('raises the severity, with the reason', () => {
    given(raised)
      .when(escalate('critical'))
      .then([{ type: 'AlertEscalated', data: { id, severity: 'critical', reason: 'Client has no food' } }]);
  });

  it('escalates an acknowledged alert and again from the escalated severity', () => {
    const toHigh: AlertSliceEvent = { type: 'AlertEscalated', data: { id, severity: 'high', reason: 'Worse' } };
    const lowAlert: AlertSliceEvent = { type: 'AlertRaised', data: { id, ...raiseInput, severity: 'low' } };
    given(lowAlert, acknowledged, toHigh)
      .when(escalate('critical'))
      .then([{ type: 'AlertEscalated', data: { id, severity: 'critical', reason: 'Client has no food' } }]);
    expect(given(lowAlert, toHigh).when(escalate('medium')).thenRefused()).toMatchObject({
      kind: 'invalid',
      field: 'severity',
    });
  });

  it.each(['low', 'medium', 'high'] as const)('refuses %s on a high alert, naming the field', (severity) => {
    expect(given(raised).when(escalate(severity)).thenRefused()).toEqual({
      kind: 'invalid',
      message: 'Severity must be higher than the current severity (High)',
      field: 'severity',
    });
  });

  it('refuses a resolved or unknown alert', () => {
    expect(given(raised, resolvedByPerson).when(escalate('critical')).thenRefused()).toEqual(ALREADY_RESOLVED);
    expect(given().when(escalate('critical')).thenRefused()).toEqual(NOT_FOUND);
  });
});

describe('decide: ResolveAlert (a person)', () => {
  it('resolves an active or acknowledged alert with the note', () => {
    const resolved: AlertSliceEvent = { type: 'AlertResolved', data: { id, by: 'person', note: 'Carer arrived' } };
    given(raised).when(resolve).then([resolved]);
    given(raised, acknowledged).when(resolve).then([resolved]);
    given(raised, resolvedBySystem, reopenedBySystem).when(resolve).then([resolved]);
  });

  it('refuses an alert already resolved, by a person or the system', () => {
    expect(given(raised, resolvedByPerson).when(resolve).thenRefused()).toEqual(ALREADY_RESOLVED);
    expect(given(raised, resolvedBySystem).when(resolve).thenRefused()).toEqual(ALREADY_RESOLVED);
  });

  it('refuses an unknown alert', () => {
    expect(given().when(resolve).thenRefused()).toEqual(NOT_FOUND);
  });
});

describe('decide: ResolveAlertBySystem (the rule runner)', () => {
  it('resolves an open alert, saying the system did', () => {
    given(raised).when(resolveBySystem).then([resolvedBySystem]);
    given(raised, acknowledged).when(resolveBySystem).then([resolvedBySystem]);
  });

  it('does nothing to a resolved or unknown alert', () => {
    given(raised, resolvedByPerson).when(resolveBySystem).then([]);
    given(raised, resolvedBySystem).when(resolveBySystem).then([]);
    given().when(resolveBySystem).then([]);
  });
});

describe('decide: ReopenAlert (a person)', () => {
  it('reopens a resolved alert with the reason, whoever resolved it', () => {
    given(raised, resolvedByPerson).when(reopen).then([reopenedByPerson]);
    given(raised, acknowledged, resolvedBySystem).when(reopen).then([reopenedByPerson]);
  });

  it('makes it active again: it can be acknowledged and resolved once more', () => {
    given(raised, acknowledged, resolvedByPerson, reopenedByPerson)
      .when(resolve)
      .then([{ type: 'AlertResolved', data: { id, by: 'person', note: 'Carer arrived' } }]);
  });

  it('refuses an open alert', () => {
    const notResolved = {
      kind: 'conflict',
      message: 'Alert is not resolved: only a resolved alert can be reopened',
      field: undefined,
    };
    expect(given(raised).when(reopen).thenRefused()).toEqual(notResolved);
    expect(given(raised, acknowledged).when(reopen).thenRefused()).toEqual(notResolved);
  });

  it('refuses an unknown alert', () => {
    expect(given().when(reopen).thenRefused()).toEqual(NOT_FOUND);
  });
});

describe('decide: ReopenAlertBySystem (the rule runner)', () => {
  it('reopens an alert the system resolved', () => {
    given(raised, resolvedBySystem).when(reopenBySystem).then([reopenedBySystem]);
    given(raised, resolvedByPerson, reopenedByPerson, resolvedBySystem).when(reopenBySystem).then([reopenedBySystem]);
  });

  it('leaves an alert a person resolved closed: their decision stands', () => {
    given(raised, resolvedByPerson).when(reopenBySystem).then([]);
    given(raised, resolvedBySystem, reopenedBySystem, resolvedByPerson).when(reopenBySystem).then([]);
  });

  it('does nothing to an open or unknown alert', () => {
    given(raised).when(reopenBySystem).then([]);
    given(raised, acknowledged).when(reopenBySystem).then([]);
    given(raised, resolvedBySystem, reopenedBySystem).when(reopenBySystem).then([]);
    given().when(reopenBySystem).then([]);
  });
});

const NOW = '2026-03-02T10:00:00.000Z';
const IN_ONE_HOUR = '2026-03-02T11:00:00.000Z';
const snoozed: AlertSliceEvent = {
  type: 'AlertSnoozed',
  data: { id, until: IN_ONE_HOUR, reason: 'Carer is on her way' },
};
const snoozeEnded: AlertSliceEvent = { type: 'AlertSnoozeEnded', data: { id } };
const snooze = (until: string): AlertCommand => ({
  type: 'SnoozeAlert',
  id,
  until,
  reason: 'Carer is on her way',
  now: NOW,
});
const unsnooze: AlertCommand = { type: 'UnsnoozeAlert', id };
const endSnooze = (now: string): AlertCommand => ({ type: 'EndAlertSnoozeBySystem', id, now });

describe('decide: SnoozeAlert', () => {
  it('snoozes an open alert until a time ahead, with the reason', () => {
    given(raised).when(snooze(IN_ONE_HOUR)).then([snoozed]);
    given(raised, acknowledged).when(snooze(IN_ONE_HOUR)).then([snoozed]);
  });

  it('snoozes a snoozed alert again, to its new time', () => {
    const later = '2026-03-03T08:00:00.000Z';
    given(raised, snoozed)
      .when(snooze(later))
      .then([{ type: 'AlertSnoozed', data: { id, until: later, reason: 'Carer is on her way' } }]);
  });

  it('accepts exactly seven days ahead and refuses a moment more, naming until', () => {
    given(raised)
      .when(snooze('2026-03-09T10:00:00.000Z'))
      .then([{ type: 'AlertSnoozed', data: { id, until: '2026-03-09T10:00:00.000Z', reason: 'Carer is on her way' } }]);
    expect(given(raised).when(snooze('2026-03-09T10:00:00.001Z')).thenRefused()).toEqual({
      kind: 'invalid',
      message: 'Snooze until must be at most 7 days ahead',
      field: 'until',
    });
  });

  it('refuses a time now or already past, naming until', () => {
    const past = { kind: 'invalid', message: 'Snooze until must be in the future', field: 'until' };
    expect(given(raised).when(snooze(NOW)).thenRefused()).toEqual(past);
    expect(given(raised).when(snooze('2026-03-01T10:00:00.000Z')).thenRefused()).toEqual(past);
  });

  it('refuses a resolved or unknown alert', () => {
    expect(given(raised, resolvedByPerson).when(snooze(IN_ONE_HOUR)).thenRefused()).toEqual(ALREADY_RESOLVED);
    expect(given().when(snooze(IN_ONE_HOUR)).thenRefused()).toEqual(NOT_FOUND);
  });
});

describe('decide: UnsnoozeAlert', () => {
  it('ends the snooze of a snoozed alert', () => {
    given(raised, snoozed).when(unsnooze).then([snoozeEnded]);
  });

  it('refuses an alert that is not snoozed: never snoozed, its snooze ended, or acknowledged since', () => {
    const notSnoozed = { kind: 'conflict', message: 'Alert is not snoozed', field: undefined };
    expect(given(raised).when(unsnooze).thenRefused()).toEqual(notSnoozed);
    expect(given(raised, snoozed, snoozeEnded).when(unsnooze).thenRefused()).toEqual(notSnoozed);
    expect(given(raised, snoozed, acknowledged).when(unsnooze).thenRefused()).toEqual(notSnoozed);
  });

  it('refuses a resolved alert (resolving ended its snooze)', () => {
    expect(given(raised, snoozed, resolvedByPerson).when(unsnooze).thenRefused()).toEqual(ALREADY_RESOLVED);
  });
});

describe('decide: EndAlertSnoozeBySystem (the rules process)', () => {
  it('ends a snooze whose time has come', () => {
    given(raised, snoozed).when(endSnooze(IN_ONE_HOUR)).then([snoozeEnded]);
    given(raised, snoozed).when(endSnooze('2026-03-02T12:00:00.000Z')).then([snoozeEnded]);
  });

  it('leaves a snooze whose time is still ahead', () => {
    given(raised, snoozed).when(endSnooze('2026-03-02T10:59:59.999Z')).then([]);
  });

  it('does nothing once the snooze is over: ended already, taken off, acknowledged or resolved', () => {
    const later = '2026-03-02T12:00:00.000Z';
    given(raised, snoozed, snoozeEnded).when(endSnooze(later)).then([]);
    given(raised, snoozed, acknowledged).when(endSnooze(later)).then([]);
    given(raised, snoozed, resolvedBySystem).when(endSnooze(later)).then([]);
    given(raised).when(endSnooze(later)).then([]);
    given().when(endSnooze(later)).then([]);
  });
});

const raisedCritical: AlertSliceEvent = { type: 'AlertRaised', data: { id, ...raiseInput, severity: 'critical' } };
const onCall = ['on-call@agency.example'];
const admins = ['admin@agency.example', 'second.admin@agency.example'];
const recordEscalation = (
  step: number,
  audience: 'on-call' | 'administrators' | 'coordinators',
  recipients: string[],
): AlertCommand => ({
  type: 'RecordAlertEscalation',
  id,
  step,
  audience,
  recipients,
  reason: `Critical alert not acknowledged for ${15 * step} minutes`,
});
const escalationSent = (
  step: number,
  audience: 'on-call' | 'administrators' | 'coordinators',
  recipients: string[],
): AlertSliceEvent => ({
  type: 'AlertEscalationSent',
  data: { id, step, audience, recipients, reason: `Critical alert not acknowledged for ${15 * step} minutes` },
});
const conflict = (message: string) => ({ kind: 'conflict', message, field: undefined });

describe('decide: RecordAlertEscalation (the rules process)', () => {
  it('records the first step of an active critical alert, then the second', () => {
    given(raisedCritical)
      .when(recordEscalation(1, 'on-call', onCall))
      .then([escalationSent(1, 'on-call', onCall)]);
    given(raisedCritical, escalationSent(1, 'on-call', onCall))
      .when(recordEscalation(2, 'administrators', admins))
      .then([escalationSent(2, 'administrators', admins)]);
  });

  it('refuses a step already recorded, so a second rules process records nothing', () => {
    expect(
      given(raisedCritical, escalationSent(1, 'on-call', onCall))
        .when(recordEscalation(1, 'on-call', onCall))
        .thenRefused(),
    ).toEqual(conflict('This escalation step was already sent'));
  });

  it('refuses the second step before the first, and a second step of a high alert', () => {
    expect(
      given(raisedCritical)
        .when(recordEscalation(2, 'administrators', admins))
        .thenRefused(),
    ).toEqual(conflict('The previous escalation step has not been sent'));
    expect(
      given(raised, escalationSent(1, 'coordinators', admins))
        .when(recordEscalation(2, 'administrators', admins))
        .thenRefused(),
    ).toEqual(conflict('Alert has no such escalation step at its severity'));
  });

  it('never escalates an acknowledged, resolved, snoozed or unknown alert', () => {
    const notWaiting = conflict('Alert is no longer waiting for acknowledgement');
    expect(
      given(raisedCritical, acknowledged)
        .when(recordEscalation(1, 'on-call', onCall))
        .thenRefused(),
    ).toEqual(notWaiting);
    expect(
      given(raisedCritical, resolvedByPerson)
        .when(recordEscalation(1, 'on-call', onCall))
        .thenRefused(),
    ).toEqual(notWaiting);
    expect(
      given(raisedCritical, snoozed)
        .when(recordEscalation(1, 'on-call', onCall))
        .thenRefused(),
    ).toEqual(notWaiting);
    expect(
      given()
        .when(recordEscalation(1, 'on-call', onCall))
        .thenRefused(),
    ).toEqual(NOT_FOUND);
  });

  it('starts again from step 1 once the alert is reopened', () => {
    given(
      raisedCritical,
      escalationSent(1, 'on-call', onCall),
      escalationSent(2, 'administrators', admins),
      resolvedBySystem,
      reopenedBySystem,
    )
      .when(recordEscalation(1, 'on-call', onCall))
      .then([escalationSent(1, 'on-call', onCall)]);
  });

  it('refuses an escalation to nobody, naming the recipients', () => {
    expect(
      given(raisedCritical)
        .when(recordEscalation(1, 'administrators', []))
        .thenRefused(),
    ).toEqual({
      kind: 'invalid',
      message: 'Nobody to escalate to',
      field: 'recipients',
    });
  });
});
