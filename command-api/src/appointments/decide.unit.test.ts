import type { AppointmentEvent, AppointmentPlan, VisitOutcome } from '@care/events';
import { describe, expect, it } from 'vitest';
import { refusal } from '../shared/refusal.testing';
import type { AppointmentCommand, CaptureDetails, VisitRecorder } from './appointment-commands';
import { evolve, initialAppointmentState, type AppointmentState } from './appointment-state';
import { decide } from './decide';
import { DEFAULT_VISIT_TIME_RULES } from './visit-times';

const id = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';
const clientId = '0190a5b2-7c3d-7e4f-8a1b-00000000000d';
const carerId = '0190a5b2-7c3d-7e4f-8a1b-00000000000c';
const otherCarerId = '0190a5b2-7c3d-7e4f-8a1b-00000000000e';

/** 10:00–11:00 on 21 November 2026 (London is on UTC in November). */
const plan: AppointmentPlan = {
  clientId,
  scheduledStart: '2026-11-21T10:00:00.000Z',
  durationMinutes: 60,
  visitType: 'personal_care',
  priority: 'normal',
  tasks: ['Breakfast', 'Medication prompt', 'Wash'],
  notes: 'Key safe 1234',
};
const at = (clock: string) => `2026-11-21T${clock}:00.000Z`;

const scheduled = (carer: string | null = carerId): AppointmentEvent => ({
  type: 'AppointmentScheduled',
  data: { id, carerId: carer, seriesId: null, ...plan },
});
const capture: CaptureDetails = {
  location: { latitude: 53.8, longitude: -1.55, accuracy: 12, address: null },
  source: 'Mobile',
  manualInputReason: null,
};
const checkedIn = (time = '10:05'): AppointmentEvent => ({
  type: 'VisitCheckedIn',
  data: { id, carerId, checkedInAt: at(time), ...capture, lateArrival: false, lateReason: null },
});
const outcome: VisitOutcome = {
  checkedOutAt: at('10:55'),
  tasksCompleted: ['Breakfast', 'Wash'],
  medicationGiven: true,
  clientMood: 'content',
  healthObservations: null,
  notes: 'All well',
  signature: null,
  travelTimeMinutes: 12,
  mileageTenths: 45,
  expensesPence: null,
};
const checkedOut: AppointmentEvent = {
  type: 'VisitCheckedOut',
  data: { id, ...capture, ...outcome, recordedAt: outcome.checkedOutAt, handEnteredReason: null },
};
const missed: AppointmentEvent = { type: 'VisitMissed', data: { id, detectedAt: at('11:00') } };
const runningLate: AppointmentEvent = { type: 'VisitRunningLate', data: { id, detectedAt: at('10:15') } };
const cancelled: AppointmentEvent = { type: 'AppointmentCancelled', data: { id, reason: 'Client in hospital' } };
const noShow: AppointmentEvent = { type: 'AppointmentNoShowRecorded', data: { id, reason: null } };

const coordinator: VisitRecorder = { mayRecordAnyVisit: true, isAssignedCarer: false };
const assignedCarer: VisitRecorder = { mayRecordAnyVisit: false, isAssignedCarer: true };
const otherCarer: VisitRecorder = { mayRecordAnyVisit: false, isAssignedCarer: false };

/** Given past events, when a command, then the new events or the refusal. */
function given(...events: AppointmentEvent[]) {
  const state = events.reduce<AppointmentState>(evolve, initialAppointmentState);
  return {
    state,
    when: (command: AppointmentCommand) => ({
      then: (expected: AppointmentEvent[]) => expect(decide(command, state)).toEqual(expected),
      refusal: () => refusal(() => decide(command, state)),
    }),
  };
}

const schedule = (carer: string | null = carerId): AppointmentCommand => ({
  type: 'ScheduleAppointment',
  id,
  carerId: carer,
  seriesId: null,
  plan,
});
const assign = (carer: string): AppointmentCommand => ({ type: 'AssignCarer', id, carerId: carer });
const unassign: AppointmentCommand = { type: 'UnassignCarer', id };
const reschedule = (start: string, durationMinutes = 60): AppointmentCommand => ({
  type: 'RescheduleAppointment',
  id,
  scheduledStart: start,
  durationMinutes,
});
const cancel: AppointmentCommand = { type: 'CancelAppointment', id, reason: 'Client in hospital' };
const recordNoShow: AppointmentCommand = { type: 'RecordNoShow', id, reason: 'Not at home' };
const timeliness = (now: string, lateGraceMinutes = 15): AppointmentCommand => ({
  type: 'CheckTimeliness',
  id,
  now,
  lateGraceMinutes,
});
const checkIn = (overrides: Partial<Extract<AppointmentCommand, { type: 'CheckIn' }>> = {}): AppointmentCommand => ({
  type: 'CheckIn',
  id,
  now: at('10:05'),
  recorder: assignedCarer,
  checkedInAt: undefined,
  handEnteredReason: null,
  offlineCapturedAt: undefined,
  rules: DEFAULT_VISIT_TIME_RULES,
  capture,
  lateReason: null,
  ...overrides,
});
const checkOut = (overrides: Partial<Extract<AppointmentCommand, { type: 'CheckOut' }>> = {}): AppointmentCommand => {
  const { checkedOutAt: _checkedOutAt, ...rest } = outcome;
  return {
    type: 'CheckOut',
    id,
    now: at('10:55'),
    recorder: assignedCarer,
    checkedOutAt: undefined,
    handEnteredReason: null,
    offlineCapturedAt: undefined,
    rules: DEFAULT_VISIT_TIME_RULES,
    capture,
    outcome: rest,
    clientRating: null,
    shareWithFamily: false,
    ...overrides,
  };
};
const amend = (
  changes: Extract<AppointmentCommand, { type: 'AmendVisit' }>['changes'],
  now = at('18:00'),
): AppointmentCommand => ({
  type: 'AmendVisit',
  id,
  now,
  changes,
  reason: 'Carer phoned in the correct times',
});

describe('scheduling', () => {
  it('schedules a visit with its carer, or unassigned', () => {
    given().when(schedule()).then([scheduled()]);
    given()
      .when(schedule(null))
      .then([scheduled(null)]);
  });

  it('keeps the series of a weekly pattern', () => {
    const seriesId = '0190a5b2-7c3d-7e4f-8a1b-0000000000aa';
    given()
      .when({ type: 'ScheduleAppointment', id, carerId, seriesId, plan })
      .then([{ type: 'AppointmentScheduled', data: { id, carerId, seriesId, ...plan } }]);
  });

  it('refuses to schedule the same appointment twice', () => {
    expect(given(scheduled()).when(schedule()).refusal()).toMatchObject({
      kind: 'conflict',
      message: 'Appointment already exists',
    });
  });
});

describe('assigning carers', () => {
  it('assigns a carer to an unassigned visit', () => {
    given(scheduled(null))
      .when(assign(carerId))
      .then([{ type: 'AppointmentCarerAssigned', data: { id, carerId, previousCarerId: null } }]);
  });

  it('reassigns, naming the previous carer', () => {
    given(scheduled())
      .when(assign(otherCarerId))
      .then([{ type: 'AppointmentCarerAssigned', data: { id, carerId: otherCarerId, previousCarerId: carerId } }]);
  });

  it('records nothing when the carer is already the one assigned', () => {
    given(scheduled()).when(assign(carerId)).then([]);
  });

  it('unassigns the carer, and records nothing when there is none', () => {
    given(scheduled())
      .when(unassign)
      .then([{ type: 'AppointmentCarerUnassigned', data: { id, previousCarerId: carerId } }]);
    given(scheduled(null)).when(unassign).then([]);
  });

  it('is refused for an unknown appointment and once the visit has started', () => {
    expect(given().when(assign(carerId)).refusal()).toEqual({
      kind: 'not_found',
      message: 'Appointment not found',
      field: undefined,
    });
    expect(given(scheduled(), checkedIn()).when(assign(otherCarerId)).refusal()).toMatchObject({
      kind: 'conflict',
      message: 'Cannot assign a carer to a visit that is in progress',
    });
    expect(given(scheduled(), cancelled).when(unassign).refusal()).toMatchObject({
      kind: 'conflict',
      message: 'Cannot unassign the carer of a visit that was cancelled',
    });
  });
});

describe('rescheduling and changing', () => {
  it('reschedules a scheduled visit and clears its running-late flag', () => {
    const later = given(scheduled(), runningLate).when(reschedule(at('14:00'), 45));
    later.then([{ type: 'AppointmentRescheduled', data: { id, scheduledStart: at('14:00'), durationMinutes: 45 } }]);
    const state = [
      scheduled(),
      runningLate,
      ...decide(reschedule(at('14:00'), 45), given(scheduled(), runningLate).state),
    ].reduce(evolve, initialAppointmentState);
    expect(state).toMatchObject({ runningLate: false, plan: { scheduledStart: at('14:00'), durationMinutes: 45 } });
  });

  it('records nothing for the same time and duration', () => {
    given(scheduled()).when(reschedule(plan.scheduledStart, 60)).then([]);
  });

  it('changes only the fields that differ', () => {
    given(scheduled())
      .when({ type: 'ChangeAppointment', id, changes: { priority: 'urgent', tasks: plan.tasks, notes: null } })
      .then([{ type: 'AppointmentDetailsChanged', data: { id, changes: { priority: 'urgent', notes: null } } }]);
    given(scheduled())
      .when({ type: 'ChangeAppointment', id, changes: { visitType: 'personal_care' } })
      .then([]);
  });

  it('refuses to reschedule or change a visit that is not scheduled any more', () => {
    expect(
      given(scheduled(), missed)
        .when(reschedule(at('14:00')))
        .refusal(),
    ).toMatchObject({
      kind: 'conflict',
      message: 'Cannot reschedule a visit that was missed',
    });
    expect(
      given(scheduled(), noShow)
        .when({ type: 'ChangeAppointment', id, changes: { priority: 'high' } })
        .refusal(),
    ).toMatchObject({
      kind: 'conflict',
      message: 'Cannot change a visit that was recorded as a no-show',
    });
  });
});

describe('cancel and no-show', () => {
  it('cancels a scheduled visit with the reason', () => {
    given(scheduled()).when(cancel).then([cancelled]);
  });

  it('refuses to cancel a visit that is not scheduled', () => {
    expect(given(scheduled(), cancelled).when(cancel).refusal()).toMatchObject({
      kind: 'conflict',
      message: 'Cannot cancel a visit that was cancelled',
    });
    expect(given(scheduled(), checkedIn()).when(cancel).refusal()).toMatchObject({ kind: 'conflict' });
    expect(given(scheduled(), missed).when(cancel).refusal()).toMatchObject({ kind: 'conflict' });
  });

  it('records a no-show for a scheduled or a missed visit', () => {
    const expected: AppointmentEvent[] = [{ type: 'AppointmentNoShowRecorded', data: { id, reason: 'Not at home' } }];
    given(scheduled()).when(recordNoShow).then(expected);
    given(scheduled(), missed).when(recordNoShow).then(expected);
  });

  it('refuses a no-show once the visit has started or ended', () => {
    expect(given(scheduled(), checkedIn()).when(recordNoShow).refusal()).toMatchObject({
      kind: 'conflict',
      message: 'Cannot record a no-show for a visit that is in progress',
    });
    expect(given(scheduled(), noShow).when(recordNoShow).refusal()).toMatchObject({ kind: 'conflict' });
  });
});

describe('the timeliness policy: running late and missed', () => {
  it('does nothing before the start plus the grace period', () => {
    given(scheduled())
      .when(timeliness(at('10:14')))
      .then([]);
  });

  it('raises running late once the grace period has passed', () => {
    given(scheduled())
      .when(timeliness(at('10:15')))
      .then([{ type: 'VisitRunningLate', data: { id, detectedAt: at('10:15') } }]);
    given(scheduled())
      .when(timeliness(at('10:10'), 5))
      .then([{ type: 'VisitRunningLate', data: { id, detectedAt: at('10:10') } }]);
  });

  it('raises running late only once', () => {
    given(scheduled(), runningLate)
      .when(timeliness(at('10:30')))
      .then([]);
  });

  it('raises missed once the planned end has passed without a check-in, and only once', () => {
    given(scheduled(), runningLate)
      .when(timeliness(at('11:00')))
      .then([{ type: 'VisitMissed', data: { id, detectedAt: at('11:00') } }]);
    given(scheduled())
      .when(timeliness(at('12:00')))
      .then([{ type: 'VisitMissed', data: { id, detectedAt: at('12:00') } }]);
    given(scheduled(), missed)
      .when(timeliness(at('13:00')))
      .then([]);
    expect(given(scheduled(), missed).state).toMatchObject({ status: 'missed' });
  });

  it('leaves checked-in, cancelled and unknown visits alone', () => {
    given(scheduled(), checkedIn())
      .when(timeliness(at('12:00')))
      .then([]);
    given(scheduled(), cancelled)
      .when(timeliness(at('12:00')))
      .then([]);
    given()
      .when(timeliness(at('12:00')))
      .then([]);
  });
});

describe('check-in', () => {
  const atServerTime = (time: string) => ({ checkedInAt: at(time), recordedAt: at(time), handEnteredReason: null });

  it('checks in the assigned carer at the server’s time, on time', () => {
    given(scheduled())
      .when(checkIn({ now: at('10:03') }))
      .then([
        {
          type: 'VisitCheckedIn',
          data: { id, carerId, ...atServerTime('10:03'), ...capture, lateArrival: false, lateReason: null },
        },
      ]);
  });

  it('records the server’s time when the phone’s clock is within two minutes of it', () => {
    const [event] = decide(checkIn({ now: at('10:07'), checkedInAt: at('10:06') }), given(scheduled()).state);
    expect(event).toMatchObject({ type: 'VisitCheckedIn', data: atServerTime('10:07') });
  });

  it('is a late arrival more than 15 minutes after the scheduled start, with the reason', () => {
    const onTheMinute = decide(checkIn({ now: at('10:15') }), given(scheduled()).state);
    expect(onTheMinute[0]).toMatchObject({ data: { lateArrival: false } });
    given(scheduled())
      .when(checkIn({ now: at('10:16'), lateReason: 'Traffic on the ring road' }))
      .then([
        {
          type: 'VisitCheckedIn',
          data: {
            id,
            carerId,
            ...atServerTime('10:16'),
            ...capture,
            lateArrival: true,
            lateReason: 'Traffic on the ring road',
          },
        },
      ]);
  });

  it('keeps a time entered by hand beside the server’s time, with its reason, and judges punctuality by it', () => {
    given(scheduled())
      .when(checkIn({ now: at('10:40'), checkedInAt: at('10:02'), handEnteredReason: 'No signal at the door' }))
      .then([
        {
          type: 'VisitCheckedIn',
          data: {
            id,
            carerId,
            checkedInAt: at('10:02'),
            recordedAt: at('10:40'),
            handEnteredReason: 'No signal at the door',
            ...capture,
            lateArrival: false,
            lateReason: null,
          },
        },
      ]);
  });

  it('refuses a time entered by hand without a reason, in the future, or more than the allowed hours back', () => {
    expect(
      given(scheduled())
        .when(checkIn({ now: at('10:40'), checkedInAt: at('10:02') }))
        .refusal(),
    ).toEqual({
      kind: 'invalid',
      message: 'A reason is required when the check-in time is entered by hand',
      field: 'handEnteredReason',
    });
    expect(
      given(scheduled())
        .when(checkIn({ now: at('10:05'), checkedInAt: at('10:30'), handEnteredReason: 'x' }))
        .refusal(),
    ).toEqual({
      kind: 'invalid',
      message: 'Check-in time cannot be in the future',
      field: 'checkedInAt',
    });
    const tooFarBack = checkIn({
      now: '2026-11-21T23:00:00.000Z',
      checkedInAt: at('10:05'),
      handEnteredReason: 'Forgot',
      rules: { checkInEarliestMinutes: 120, manualTimeMaxHoursBack: 12 },
    });
    expect(given(scheduled()).when(tooFarBack).refusal()).toEqual({
      kind: 'invalid',
      message: 'Check-in time entered by hand must be within the last 12 hours',
      field: 'checkedInAt',
    });
  });

  it('counts a check-in recorded offline at the phone’s clock, keeping when the server received it', () => {
    given(scheduled(), missed)
      .when(checkIn({ now: at('12:31'), offlineCapturedAt: at('10:02') }))
      .then([
        {
          type: 'VisitCheckedIn',
          data: {
            id,
            carerId,
            checkedInAt: at('10:02'),
            recordedAt: at('12:31'),
            handEnteredReason: null,
            offlineCapturedAt: at('10:02'),
            ...capture,
            lateArrival: false,
            lateReason: null,
          },
        },
      ]);
  });

  it('keeps the server’s time for a phone clock running ahead, and refuses one recorded offline too long ago', () => {
    const [ahead] = decide(checkIn({ now: at('10:05'), offlineCapturedAt: at('10:30') }), given(scheduled()).state);
    expect(ahead).toMatchObject({
      data: { checkedInAt: at('10:05'), recordedAt: at('10:05'), offlineCapturedAt: at('10:30') },
    });
    const stale = checkIn({ now: '2026-11-21T23:00:00.000Z', offlineCapturedAt: at('10:05') });
    expect(given(scheduled()).when(stale).refusal()).toEqual({
      kind: 'conflict',
      message: 'Check-in recorded offline more than 12 hours ago: the office must enter it by hand',
      field: 'checkedInAt',
    });
  });

  it('opens the check-in the configured minutes before the start, and says when it opens', () => {
    expect(decide(checkIn({ now: at('08:00') }), given(scheduled()).state)).toHaveLength(1);
    expect(
      given(scheduled())
        .when(checkIn({ now: at('07:59') }))
        .refusal(),
    ).toEqual({
      kind: 'conflict',
      message: 'Check-in opens 2 hours before the visit starts: from 08:00 on 21/11/2026',
      field: 'checkedInAt',
    });
    const days = checkIn({
      now: '2026-11-18T10:00:00.000Z',
      rules: { checkInEarliestMinutes: 30, manualTimeMaxHoursBack: 12 },
    });
    expect(given(scheduled()).when(days).refusal()).toMatchObject({
      message: 'Check-in opens 30 minutes before the visit starts: from 09:30 on 21/11/2026',
    });
  });

  it('still accepts a check-in on a missed visit (the phone was offline); the missed event stays in the history', () => {
    const { state } = given(scheduled(), missed);
    const events = decide(
      checkIn({ now: at('12:00'), checkedInAt: at('10:02'), handEnteredReason: 'Phone was offline' }),
      state,
    );
    expect(events).toEqual([
      {
        type: 'VisitCheckedIn',
        data: {
          id,
          carerId,
          checkedInAt: at('10:02'),
          recordedAt: at('12:00'),
          handEnteredReason: 'Phone was offline',
          ...capture,
          lateArrival: false,
          lateReason: null,
        },
      },
    ]);
    expect(events.reduce(evolve, state)).toMatchObject({ status: 'in_progress' });
  });

  it('lets a coordinator check in on the carer’s behalf, and answers another carer as if the visit did not exist', () => {
    expect(decide(checkIn({ recorder: coordinator }), given(scheduled()).state)).toHaveLength(1);
    expect(
      given(scheduled())
        .when(checkIn({ recorder: otherCarer }))
        .refusal(),
    ).toEqual({
      kind: 'not_found',
      message: 'Appointment not found',
      field: undefined,
    });
  });

  it('refuses a second check-in, an unassigned visit and a visit that did not go ahead', () => {
    expect(given(scheduled(), checkedIn()).when(checkIn()).refusal()).toMatchObject({
      kind: 'conflict',
      message: 'The visit is already checked in',
    });
    expect(
      given(scheduled(null))
        .when(checkIn({ recorder: coordinator }))
        .refusal(),
    ).toMatchObject({
      kind: 'conflict',
      message: 'Assign a carer to the visit before checking in',
    });
    expect(given(scheduled(), cancelled).when(checkIn()).refusal()).toMatchObject({
      kind: 'conflict',
      message: 'Cannot check in to a visit that was cancelled',
    });
    expect(given(scheduled(), checkedIn(), checkedOut).when(checkIn()).refusal()).toMatchObject({ kind: 'conflict' });
  });
});

describe('check-out', () => {
  it('completes a visit in progress with its outcome', () => {
    given(scheduled(), checkedIn()).when(checkOut()).then([checkedOut]);
    expect(given(scheduled(), checkedIn(), checkedOut).state).toMatchObject({ status: 'completed', outcome });
  });

  it('counts a check-out recorded offline at the phone’s clock', () => {
    const [event] = decide(
      checkOut({ now: at('12:31'), offlineCapturedAt: at('10:50') }),
      given(scheduled(), checkedIn()).state,
    );
    expect(event).toMatchObject({
      type: 'VisitCheckedOut',
      data: { checkedOutAt: at('10:50'), recordedAt: at('12:31'), offlineCapturedAt: at('10:50') },
    });
  });

  it("records the client's rating when they gave one", () => {
    given(scheduled(), checkedIn())
      .when(checkOut({ clientRating: 4 }))
      .then([{ ...checkedOut, data: { ...checkedOut.data, clientRating: 4 } } as AppointmentEvent]);
  });

  it('shares the note with the family only when the carer ticked it; unticked, the event reads as before', () => {
    given(scheduled(), checkedIn())
      .when(checkOut({ shareWithFamily: true }))
      .then([{ ...checkedOut, data: { ...checkedOut.data, shareWithFamily: true } } as AppointmentEvent]);
    const [unshared] = decide(checkOut({ shareWithFamily: false }), given(scheduled(), checkedIn()).state);
    expect(unshared?.data).not.toHaveProperty('shareWithFamily');
  });

  it('records the tasks in the visit’s own spelling', () => {
    const [event] = decide(
      checkOut({ outcome: { ...outcome, tasksCompleted: ['breakfast', ' WASH'] } }),
      given(scheduled(), checkedIn()).state,
    );
    expect(event).toMatchObject({ data: { tasksCompleted: ['Breakfast', 'Wash'] } });
  });

  it('refuses a task that is not one of the visit’s tasks', () => {
    expect(
      given(scheduled(), checkedIn())
        .when(checkOut({ outcome: { ...outcome, tasksCompleted: ['Hoovering'] } }))
        .refusal(),
    ).toEqual({
      kind: 'invalid',
      message: '"Hoovering" is not one of this visit\'s tasks',
      field: 'tasksCompleted',
    });
  });

  it('refuses a check-out before the check-in, of the visit or in time', () => {
    expect(given(scheduled()).when(checkOut()).refusal()).toMatchObject({
      kind: 'conflict',
      message: 'Check in to the visit before checking out',
    });
    expect(given(scheduled(), missed).when(checkOut()).refusal()).toMatchObject({
      kind: 'conflict',
      message: 'Check in to the visit before checking out',
    });
    expect(
      given(scheduled(), checkedIn('10:05'))
        .when(checkOut({ now: at('10:30'), checkedOutAt: at('10:04'), handEnteredReason: 'Typo' }))
        .refusal(),
    ).toEqual({
      kind: 'invalid',
      message: 'Check-out time must not be before the check-in time',
      field: 'checkedOutAt',
    });
  });

  it('refuses a future check-out time, another carer, and a second check-out', () => {
    expect(
      given(scheduled(), checkedIn())
        .when(checkOut({ now: at('10:55'), checkedOutAt: at('11:30'), handEnteredReason: 'x' }))
        .refusal(),
    ).toMatchObject({
      kind: 'invalid',
      message: 'Check-out time cannot be in the future',
      field: 'checkedOutAt',
    });
    expect(
      given(scheduled(), checkedIn())
        .when(checkOut({ now: at('11:30'), checkedOutAt: at('10:55') }))
        .refusal(),
    ).toMatchObject({
      kind: 'invalid',
      field: 'handEnteredReason',
    });
    expect(
      given(scheduled(), checkedIn())
        .when(checkOut({ recorder: otherCarer }))
        .refusal(),
    ).toMatchObject({ kind: 'not_found', message: 'Appointment not found' });
    expect(given(scheduled(), checkedIn(), checkedOut).when(checkOut()).refusal()).toMatchObject({
      kind: 'conflict',
      message: 'The visit is already checked out',
    });
  });
});

describe('a completed visit', () => {
  const completed = [scheduled(), checkedIn(), checkedOut] as const;

  it('is amended with only the changed fields and the reason; the original stays in the stream', () => {
    given(...completed)
      .when(amend({ checkedInAt: at('10:01'), medicationGiven: true, notes: 'Client ate well', mileageTenths: 45 }))
      .then([
        {
          type: 'VisitAmended',
          data: {
            id,
            changes: { checkedInAt: at('10:01'), notes: 'Client ate well' },
            reason: 'Carer phoned in the correct times',
          },
        },
      ]);
    const amendedState = [
      ...completed,
      ...decide(amend({ notes: 'Client ate well' }), given(...completed).state),
    ].reduce(evolve, initialAppointmentState);
    expect(amendedState).toMatchObject({ status: 'completed', outcome: { ...outcome, notes: 'Client ate well' } });
  });

  it('records nothing when nothing differs', () => {
    given(...completed)
      .when(amend({ medicationGiven: true }))
      .then([]);
  });

  it('refuses an amendment that puts the check-out before the check-in, in the future, or with a foreign task', () => {
    expect(
      given(...completed)
        .when(amend({ checkedInAt: at('11:00') }))
        .refusal(),
    ).toMatchObject({ kind: 'invalid', field: 'checkedInAt' });
    expect(
      given(...completed)
        .when(amend({ checkedOutAt: at('10:00') }))
        .refusal(),
    ).toMatchObject({ kind: 'invalid', field: 'checkedOutAt' });
    expect(
      given(...completed)
        .when(amend({ checkedOutAt: at('19:00') }, at('18:00')))
        .refusal(),
    ).toMatchObject({
      kind: 'invalid',
      message: 'Check-out time cannot be in the future',
    });
    expect(
      given(...completed)
        .when(amend({ tasksCompleted: ['Gardening'] }))
        .refusal(),
    ).toMatchObject({ field: 'tasksCompleted' });
  });

  it('refuses an amendment of a visit that is not completed', () => {
    expect(
      given(scheduled(), checkedIn())
        .when(amend({ notes: 'x' }))
        .refusal(),
    ).toEqual({
      kind: 'conflict',
      message: 'Only a completed visit can be amended: this visit is in progress',
      field: undefined,
    });
    expect(
      given(scheduled())
        .when(amend({ notes: 'x' }))
        .refusal(),
    ).toMatchObject({ kind: 'conflict' });
    expect(
      given()
        .when(amend({ notes: 'x' }))
        .refusal(),
    ).toMatchObject({ kind: 'not_found' });
  });

  it('refuses every other change', () => {
    const commands: AppointmentCommand[] = [
      assign(otherCarerId),
      unassign,
      reschedule(at('14:00')),
      { type: 'ChangeAppointment', id, changes: { priority: 'high' } },
      cancel,
      recordNoShow,
      checkIn(),
      checkOut(),
    ];
    for (const command of commands) {
      expect(
        given(...completed)
          .when(command)
          .refusal(),
        command.type,
      ).toMatchObject({ kind: 'conflict' });
    }
    given(...completed)
      .when(timeliness(at('23:00')))
      .then([]);
  });
});
