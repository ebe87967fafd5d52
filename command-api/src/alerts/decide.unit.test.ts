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
