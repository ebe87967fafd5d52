import type { IncidentCorrection, IncidentDetails, IncidentSeverity, IncidentSliceEvent } from '@care/events';
import { describe, expect, it } from 'vitest';
import { refusal } from '../shared/refusal.testing';
import { decide, FOLLOW_UP_NOT_DONE, OCCURRED_IN_FUTURE } from './decide';
import type { IncidentCommand } from './incident-commands';
import { evolve, initialIncidentState, type IncidentState } from './incident-state';

const id = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a80';
const clientId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a81';
const otherClientId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a82';
const manager = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a83';
const referralId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a84';
const noteId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a85';
/** Reported on Monday 23/11/2026 (London), about a fall on Sunday evening. */
const REPORTED_AT = '2026-11-23T09:00:00.000Z';
const NOW = new Date('2026-11-23T10:00:00.000Z');
const TODAY = '2026-11-23';

const details: IncidentDetails = {
  type: 'accident',
  severity: 'high',
  title: 'Fall in the bathroom',
  description: 'Found on the floor at the start of the visit.',
  location: 'Bathroom',
  clientId,
  carerId: null,
  witnessDetails: null,
  immediateAction: 'Called 111',
  followUpRequired: true,
  followUpNotes: 'Refer to the falls team',
  dateOccurred: '2026-11-22T19:30:00.000Z',
};

const reported: IncidentSliceEvent = {
  type: 'IncidentReported',
  data: { id, ...details, appointmentId: null, diaryEntryId: null },
};
const investigating: IncidentSliceEvent = { type: 'IncidentInvestigationStarted', data: { id, clientId } };
const resolved: IncidentSliceEvent = {
  type: 'IncidentResolved',
  data: { id, resolutionSummary: 'Grab rail fitted', clientId },
};
const followUpDone: IncidentSliceEvent = {
  type: 'IncidentFollowUpCompleted',
  data: { id, notes: 'Falls team visited', clientId },
};
const closed: IncidentSliceEvent = { type: 'IncidentClosed', data: { id, followUpWaivedReason: null, clientId } };
const referred: IncidentSliceEvent = {
  type: 'IncidentSafeguardingReferred',
  data: {
    id,
    referralId,
    referredOn: TODAY,
    referredTo: 'Leeds Adult Safeguarding',
    localAuthorityReference: null,
    outcome: null,
    clientId,
  },
};
const cqcDuty: IncidentSliceEvent = {
  type: 'IncidentDutyIdentified',
  data: { id, duty: 'cqc_notification', reason: 'serious_injury', dueDate: '2026-11-24', clientId },
};
const cqcSent: IncidentSliceEvent = {
  type: 'IncidentDutyStepRecorded',
  data: { id, duty: 'cqc_notification', step: 'notification_sent', doneOn: TODAY, reference: 'CQC-123', clientId },
};

const conflict = (message: string) => ({ kind: 'conflict', message, field: undefined });
const invalid = (message: string, field: string) => ({ kind: 'invalid', message, field });

function given(...events: IncidentSliceEvent[]) {
  const state = events.reduce<IncidentState>(
    (current, event) => evolve(current, { ...event, metadata: { occurredAt: REPORTED_AT } }),
    initialIncidentState,
  );
  return {
    when: (command: IncidentCommand) => ({
      then: (expected: IncidentSliceEvent[]) => expect(decide(command, state)).toEqual(expected),
      thenRefused: () => refusal(() => decide(command, state)),
    }),
  };
}

const investigate: IncidentCommand = { type: 'StartInvestigation', id };
const resolve: IncidentCommand = { type: 'ResolveIncident', id, resolutionSummary: 'Grab rail fitted' };
const close = (followUpWaivedReason: string | null = null): IncidentCommand => ({
  type: 'CloseIncident',
  id,
  followUpWaivedReason,
});
const reopen: IncidentCommand = { type: 'ReopenIncident', id, reason: 'Fell again the next day' };

describe('decide: ReportIncident', () => {
  it('records the report with the visit and diary entry it came from; status starts as reported', () => {
    given()
      .when({ type: 'ReportIncident', id, details, appointmentId: null, diaryEntryId: noteId, now: NOW })
      .then([{ type: 'IncidentReported', data: { id, ...details, appointmentId: null, diaryEntryId: noteId } }]);
  });

  it('refuses an incident that occurred after it was reported', () => {
    expect(
      given()
        .when({
          type: 'ReportIncident',
          id,
          details: { ...details, dateOccurred: '2026-11-23T11:00:00.000Z' },
          appointmentId: null,
          diaryEntryId: null,
          now: NOW,
        })
        .thenRefused(),
    ).toEqual(invalid(OCCURRED_IN_FUTURE, 'dateOccurred'));
  });

  it('refuses to report the same incident twice', () => {
    expect(
      given(reported)
        .when({ type: 'ReportIncident', id, details, appointmentId: null, diaryEntryId: null, now: NOW })
        .thenRefused(),
    ).toEqual(conflict('Incident already exists'));
  });
});

describe('decide: the status path reported → investigating → resolved → closed', () => {
  it('starts the investigation of a reported incident', () => {
    given(reported)
      .when(investigate)
      .then([{ type: 'IncidentInvestigationStarted', data: { id, clientId } }]);
  });

  it('refuses to start an investigation twice, or on a resolved or closed incident', () => {
    expect(given(reported, investigating).when(investigate).thenRefused()).toEqual(
      conflict('Incident is already under investigation'),
    );
    expect(given(reported, investigating, resolved).when(investigate).thenRefused()).toEqual(
      conflict('Incident is resolved: reopen it to investigate again'),
    );
    expect(given(reported, investigating, resolved, followUpDone, closed).when(investigate).thenRefused()).toEqual(
      conflict('Incident is closed: reopen it to investigate again'),
    );
  });

  it('resolves an incident under investigation with its resolution summary', () => {
    given(reported, investigating)
      .when(resolve)
      .then([{ type: 'IncidentResolved', data: { id, resolutionSummary: 'Grab rail fitted', clientId } }]);
  });

  it('refuses to resolve a reported incident nobody has investigated, or one already resolved or closed', () => {
    expect(given(reported).when(resolve).thenRefused()).toEqual(
      conflict('Start the investigation before resolving the incident'),
    );
    expect(given(reported, investigating, resolved).when(resolve).thenRefused()).toEqual(
      conflict('Incident is already resolved'),
    );
    expect(given(reported, investigating, resolved, followUpDone, closed).when(resolve).thenRefused()).toEqual(
      conflict('Incident is closed'),
    );
  });

  it('closes a resolved incident whose follow-up is done', () => {
    given(reported, investigating, followUpDone, resolved)
      .when(close())
      .then([{ type: 'IncidentClosed', data: { id, followUpWaivedReason: null, clientId } }]);
  });

  it('refuses to close an incident that is not resolved', () => {
    expect(given(reported).when(close()).thenRefused()).toEqual(
      conflict('Only a resolved incident can be closed: start the investigation and resolve it first'),
    );
    expect(given(reported, investigating).when(close()).thenRefused()).toEqual(
      conflict('Only a resolved incident can be closed: resolve it first'),
    );
    expect(given(reported, investigating, resolved, followUpDone, closed).when(close()).thenRefused()).toEqual(
      conflict('Incident is already closed'),
    );
  });

  it('reopens a resolved or a closed incident to investigating, with the reason', () => {
    const reopened: IncidentSliceEvent[] = [
      { type: 'IncidentReopened', data: { id, reason: 'Fell again the next day', clientId } },
    ];
    given(reported, investigating, resolved).when(reopen).then(reopened);
    given(reported, investigating, resolved, followUpDone, closed).when(reopen).then(reopened);
    // …and after reopening, the path runs again from investigating.
    given(reported, investigating, resolved, ...(reopened as [IncidentSliceEvent]))
      .when(resolve)
      .then([{ type: 'IncidentResolved', data: { id, resolutionSummary: 'Grab rail fitted', clientId } }]);
  });

  it('refuses to reopen an incident that is still open', () => {
    const message = conflict('Incident is still open: only a resolved or closed incident can be reopened');
    expect(given(reported).when(reopen).thenRefused()).toEqual(message);
    expect(given(reported, investigating).when(reopen).thenRefused()).toEqual(message);
  });

  it('answers not found for any step on an incident that does not exist', () => {
    for (const command of [investigate, resolve, close(), reopen]) {
      expect(given().when(command).thenRefused()).toEqual({
        kind: 'not_found',
        message: 'Incident not found',
        field: undefined,
      });
    }
  });
});

describe('decide: closing needs the follow-up done or waived with a reason', () => {
  it('refuses to close while a required follow-up is neither done nor waived', () => {
    expect(given(reported, investigating, resolved).when(close()).thenRefused()).toEqual(
      invalid(FOLLOW_UP_NOT_DONE, 'followUpWaivedReason'),
    );
  });

  it('closes with the follow-up waived and why', () => {
    given(reported, investigating, resolved)
      .when(close('Client moved to residential care'))
      .then([
        { type: 'IncidentClosed', data: { id, followUpWaivedReason: 'Client moved to residential care', clientId } },
      ]);
  });

  it('records no waiver when there was nothing to waive', () => {
    given(reported, investigating, followUpDone, resolved)
      .when(close('not needed'))
      .then([{ type: 'IncidentClosed', data: { id, followUpWaivedReason: null, clientId } }]);
    const noFollowUp: IncidentSliceEvent = {
      type: 'IncidentReported',
      data: { id, ...details, followUpRequired: false, appointmentId: null, diaryEntryId: null },
    };
    given(noFollowUp, investigating, resolved)
      .when(close())
      .then([{ type: 'IncidentClosed', data: { id, followUpWaivedReason: null, clientId } }]);
  });

  it('records the follow-up as done once, and only when one is required', () => {
    given(reported, investigating)
      .when({ type: 'CompleteFollowUp', id, notes: 'Falls team visited' })
      .then([{ type: 'IncidentFollowUpCompleted', data: { id, notes: 'Falls team visited', clientId } }]);
    expect(given(reported, followUpDone).when({ type: 'CompleteFollowUp', id, notes: 'again' }).thenRefused()).toEqual(
      conflict('The follow-up is already recorded as done'),
    );
    const noFollowUp: IncidentSliceEvent = {
      type: 'IncidentReported',
      data: { id, ...details, followUpRequired: false, appointmentId: null, diaryEntryId: null },
    };
    expect(given(noFollowUp).when({ type: 'CompleteFollowUp', id, notes: 'x' }).thenRefused()).toEqual(
      conflict('No follow-up is required for this incident'),
    );
  });

  it('refuses to close while a statutory duty is outstanding', () => {
    expect(given(reported, investigating, followUpDone, cqcDuty, resolved).when(close()).thenRefused()).toEqual(
      conflict('A statutory duty is outstanding: CQC notification due 24/11/2026'),
    );
    given(reported, investigating, followUpDone, cqcDuty, cqcSent, resolved)
      .when(close())
      .then([{ type: 'IncidentClosed', data: { id, followUpWaivedReason: null, clientId } }]);
  });
});

describe('decide: amendments keep the original report', () => {
  const amend = (changes: IncidentCorrection): IncidentCommand => ({
    type: 'AmendIncident',
    id,
    changes,
    reason: 'Wrong room recorded',
    now: NOW,
  });

  it('records only the corrected fields and why, naming the client it is now about', () => {
    given(reported)
      .when(amend({ location: 'Bedroom', title: 'Fall in the bathroom', clientId: otherClientId }))
      .then([
        {
          type: 'IncidentAmended',
          data: {
            id,
            changes: { location: 'Bedroom', clientId: otherClientId },
            reason: 'Wrong room recorded',
            clientId: otherClientId,
          },
        },
      ]);
  });

  it('compares with earlier amendments, and refuses an amendment that changes nothing', () => {
    const amended: IncidentSliceEvent = {
      type: 'IncidentAmended',
      data: { id, changes: { location: 'Bedroom' }, reason: 'x', clientId },
    };
    expect(
      given(reported, amended)
        .when(amend({ location: 'Bedroom' }))
        .thenRefused(),
    ).toEqual(invalid('Nothing to amend: every field is as recorded', 'reason'));
  });

  it('may amend while resolved, never once closed, and never into the future', () => {
    given(reported, investigating, resolved)
      .when(amend({ witnessDetails: 'Neighbour' }))
      .then([
        {
          type: 'IncidentAmended',
          data: { id, changes: { witnessDetails: 'Neighbour' }, reason: 'Wrong room recorded', clientId },
        },
      ]);
    expect(
      given(reported, investigating, resolved, followUpDone, closed)
        .when(amend({ location: 'Hall' }))
        .thenRefused(),
    ).toEqual(conflict('Incident is closed: reopen it to amend it'));
    expect(
      given(reported)
        .when(amend({ dateOccurred: '2026-11-24T08:00:00.000Z' }))
        .thenRefused(),
    ).toEqual(invalid(OCCURRED_IN_FUTURE, 'dateOccurred'));
  });

  it('keeps the original report in the state history: the amendment is a new event, not a rewrite', () => {
    const amended: IncidentSliceEvent = {
      type: 'IncidentAmended',
      data: { id, changes: { location: 'Bedroom' }, reason: 'x', clientId },
    };
    const state = [reported, amended].reduce<IncidentState>(
      (s, e) => evolve(s, { ...e, metadata: { occurredAt: REPORTED_AT } }),
      initialIncidentState,
    );
    expect(state.exists && state.details.location).toBe('Bedroom');
    expect(reported.type === 'IncidentReported' && reported.data.location).toBe('Bathroom');
  });
});

describe('decide: investigation notes', () => {
  it('appends a note while the incident is open or resolved', () => {
    const note: IncidentSliceEvent[] = [
      { type: 'IncidentNoteAdded', data: { id, noteId, note: 'Spoke to the daughter', clientId } },
    ];
    given(reported, investigating)
      .when({ type: 'AddInvestigationNote', id, noteId, note: 'Spoke to the daughter' })
      .then(note);
    given(reported, investigating, resolved)
      .when({ type: 'AddInvestigationNote', id, noteId, note: 'Spoke to the daughter' })
      .then(note);
  });

  it('refuses a note on a closed incident', () => {
    expect(
      given(reported, investigating, resolved, followUpDone, closed)
        .when({ type: 'AddInvestigationNote', id, noteId, note: 'x' })
        .thenRefused(),
    ).toEqual(conflict('Incident is closed: reopen it to add notes'));
  });
});

describe('decide: escalation', () => {
  const escalate = (severity: IncidentSeverity | null, escalatedTo: string | null = null): IncidentCommand => ({
    type: 'EscalateIncident',
    id,
    severity,
    escalatedTo,
    reason: 'Hospital admission',
  });

  it('raises the severity, keeping what it was', () => {
    given(reported)
      .when(escalate('critical'))
      .then([
        {
          type: 'IncidentEscalated',
          data: {
            id,
            fromSeverity: 'high',
            severity: 'critical',
            escalatedTo: null,
            reason: 'Hospital admission',
            clientId,
          },
        },
      ]);
  });

  it('hands the incident to a named person without changing the severity', () => {
    given(reported, investigating)
      .when(escalate(null, manager))
      .then([
        {
          type: 'IncidentEscalated',
          data: {
            id,
            fromSeverity: 'high',
            severity: 'high',
            escalatedTo: manager,
            reason: 'Hospital admission',
            clientId,
          },
        },
      ]);
  });

  it('refuses a severity that is not higher, and an escalation that does neither', () => {
    expect(given(reported).when(escalate('high')).thenRefused()).toEqual(
      invalid('Severity must be higher than it is now (High)', 'severity'),
    );
    expect(given(reported).when(escalate('low')).thenRefused()).toEqual(
      invalid('Severity must be higher than it is now (High)', 'severity'),
    );
    expect(given(reported).when(escalate(null)).thenRefused()).toEqual(
      invalid('Raise the severity or choose the person to hand it to', 'severity'),
    );
  });

  it('refuses to escalate a resolved or closed incident', () => {
    expect(given(reported, investigating, resolved).when(escalate('critical')).thenRefused()).toEqual(
      conflict('Incident is resolved: reopen it to escalate it'),
    );
  });

  it('a later escalation starts from the escalated severity', () => {
    const raised: IncidentSliceEvent = {
      type: 'IncidentEscalated',
      data: { id, fromSeverity: 'high', severity: 'critical', escalatedTo: null, reason: 'x', clientId },
    };
    expect(given(reported, raised).when(escalate('critical')).thenRefused()).toEqual(
      invalid('Severity must be higher than it is now (Critical)', 'severity'),
    );
  });
});

describe('decide: safeguarding referrals', () => {
  const refer = (referredOn = TODAY): IncidentCommand => ({
    type: 'ReferToSafeguarding',
    id,
    referralId,
    referredOn,
    referredTo: 'Leeds Adult Safeguarding',
    localAuthorityReference: null,
    outcome: null,
    today: TODAY,
  });

  it('records the referral: date, to whom, reference and outcome', () => {
    given(reported).when(refer()).then([referred]);
  });

  it('refuses a referral dated in the future, or on a closed incident', () => {
    expect(given(reported).when(refer('2026-11-24')).thenRefused()).toEqual(
      invalid('Date referred cannot be in the future', 'referredOn'),
    );
    expect(given(reported, investigating, resolved, followUpDone, closed).when(refer()).thenRefused()).toEqual(
      conflict('Incident is closed: reopen it to record a safeguarding referral'),
    );
  });

  it('records the local authority reference and outcome learnt later, even once closed', () => {
    given(reported, referred, investigating, resolved, followUpDone, closed)
      .when({
        type: 'UpdateSafeguardingReferral',
        id,
        referralId,
        localAuthorityReference: 'LA-77',
        outcome: 'No further action',
      })
      .then([
        {
          type: 'IncidentSafeguardingReferralUpdated',
          data: { id, referralId, localAuthorityReference: 'LA-77', outcome: 'No further action', clientId },
        },
      ]);
    expect(
      given(reported).when({ type: 'UpdateSafeguardingReferral', id, referralId, outcome: 'x' }).thenRefused(),
    ).toEqual({
      kind: 'not_found',
      message: 'Safeguarding referral not found',
      field: undefined,
    });
  });
});

describe('decide: statutory duties', () => {
  const identify = (
    duty: 'cqc_notification' | 'riddor' | 'duty_of_candour',
    reason: string,
    dueDate: string | null = null,
  ): IncidentCommand => ({ type: 'IdentifyDuty', id, duty, reason, dueDate }) as IncidentCommand;
  const step = (duty: string, stepName: string, doneOn = TODAY): IncidentCommand =>
    ({ type: 'RecordDutyStep', id, duty, step: stepName, doneOn, reference: 'REF-1', today: TODAY }) as IncidentCommand;

  it('CQC notification: due the day after the agency learnt of it', () => {
    given(reported).when(identify('cqc_notification', 'serious_injury')).then([cqcDuty]);
  });

  it('RIDDOR: 10 days from the incident for a specified injury, 15 for an over-seven-day injury', () => {
    given(reported)
      .when(identify('riddor', 'specified_injury'))
      .then([
        {
          type: 'IncidentDutyIdentified',
          data: { id, duty: 'riddor', reason: 'specified_injury', dueDate: '2026-12-02', clientId },
        },
      ]);
    given(reported)
      .when(identify('riddor', 'over_seven_day_injury'))
      .then([
        {
          type: 'IncidentDutyIdentified',
          data: { id, duty: 'riddor', reason: 'over_seven_day_injury', dueDate: '2026-12-07', clientId },
        },
      ]);
  });

  it('duty of candour: 10 working days from when the agency learnt of it', () => {
    given(reported)
      .when(identify('duty_of_candour', 'moderate_harm'))
      .then([
        {
          type: 'IncidentDutyIdentified',
          data: { id, duty: 'duty_of_candour', reason: 'moderate_harm', dueDate: '2026-12-07', clientId },
        },
      ]);
  });

  it('takes a due date given by the manager instead of the default', () => {
    given(reported)
      .when(identify('cqc_notification', 'police_involvement', '2026-11-25'))
      .then([
        {
          type: 'IncidentDutyIdentified',
          data: { id, duty: 'cqc_notification', reason: 'police_involvement', dueDate: '2026-11-25', clientId },
        },
      ]);
  });

  it('refuses a reason of another duty, and the same duty twice', () => {
    expect(given(reported).when(identify('riddor', 'serious_injury')).thenRefused()).toEqual(
      invalid('This reason does not apply to this duty', 'reason'),
    );
    expect(given(reported, cqcDuty).when(identify('cqc_notification', 'death')).thenRefused()).toEqual(
      conflict('CQC notification is already recorded for this incident'),
    );
  });

  it('records a step of a duty with its date and reference', () => {
    given(reported, cqcDuty)
      .when(step('cqc_notification', 'notification_sent'))
      .then([
        {
          type: 'IncidentDutyStepRecorded',
          data: {
            id,
            duty: 'cqc_notification',
            step: 'notification_sent',
            doneOn: TODAY,
            reference: 'REF-1',
            clientId,
          },
        },
      ]);
  });

  it('refuses a step before the duty is recorded, of another duty, twice, or dated in the future', () => {
    expect(given(reported).when(step('riddor', 'report_sent')).thenRefused()).toEqual(
      conflict('Record that the RIDDOR report applies first'),
    );
    expect(given(reported, cqcDuty).when(step('cqc_notification', 'apology_given')).thenRefused()).toEqual(
      invalid('This step is not part of this duty', 'step'),
    );
    expect(given(reported, cqcDuty, cqcSent).when(step('cqc_notification', 'notification_sent')).thenRefused()).toEqual(
      conflict('This step is already recorded'),
    );
    expect(
      given(reported, cqcDuty)
        .when(step('cqc_notification', 'notification_sent', '2026-11-24'))
        .thenRefused(),
    ).toEqual(invalid('Date cannot be in the future', 'doneOn'));
  });

  it('duty of candour is met only with both the apology and the written notice', () => {
    const candour: IncidentSliceEvent = {
      type: 'IncidentDutyIdentified',
      data: { id, duty: 'duty_of_candour', reason: 'moderate_harm', dueDate: '2026-12-07', clientId },
    };
    const apology: IncidentSliceEvent = {
      type: 'IncidentDutyStepRecorded',
      data: { id, duty: 'duty_of_candour', step: 'apology_given', doneOn: TODAY, reference: null, clientId },
    };
    const notice: IncidentSliceEvent = {
      type: 'IncidentDutyStepRecorded',
      data: { id, duty: 'duty_of_candour', step: 'written_notice_sent', doneOn: TODAY, reference: null, clientId },
    };
    expect(
      given(reported, investigating, followUpDone, candour, apology, resolved).when(close()).thenRefused(),
    ).toEqual(conflict('A statutory duty is outstanding: Duty of candour due 07/12/2026'));
    given(reported, investigating, followUpDone, candour, apology, notice, resolved)
      .when(close())
      .then([{ type: 'IncidentClosed', data: { id, followUpWaivedReason: null, clientId } }]);
  });
});
