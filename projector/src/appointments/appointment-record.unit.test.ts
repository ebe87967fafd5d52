import { describe, expect, it } from 'vitest';
import type { AppointmentEvent } from '@care/events';
import { evolveRecord, type AppointmentRecord, type AppointmentRecorded } from './appointment-record';
import { storedViewOf } from './appointment-view-json';

const id = '0190a5b2-7c3d-7e4f-8a1b-000000000001';
const carerId = '0190a5b2-7c3d-7e4f-8a1b-000000000002';
const clientId = '0190a5b2-7c3d-7e4f-8a1b-000000000003';

let revision = 0n;
const recorded = (event: AppointmentEvent): AppointmentRecorded =>
  ({
    ...event,
    eventId: `0190a5b2-7c3d-7e4f-8a1b-0000000001${String(revision).padStart(2, '0')}`,
    streamId: `appointment-${id}`,
    revision: revision++,
    position: { commit: revision, prepare: revision },
    metadata: { userId: 'u-1', occurredAt: '2026-07-14T07:00:00.000Z', correlationId: 'c', causationId: 'c' },
  }) as AppointmentRecorded;

/** Given these events (in order), the row. */
function given(...events: AppointmentEvent[]): AppointmentRecord {
  revision = 0n;
  let record: AppointmentRecord | undefined;
  for (const event of events) record = evolveRecord(record, recorded(event));
  if (!record) throw new Error('no row');
  return record;
}

const scheduled: AppointmentEvent = {
  type: 'AppointmentScheduled',
  data: {
    id,
    clientId,
    carerId,
    seriesId: null,
    scheduledStart: '2026-07-14T08:30:00Z',
    durationMinutes: 45,
    visitType: 'personal_care',
    priority: 'normal',
    tasks: ['Breakfast', 'Wash'],
    notes: null,
  },
};

describe('the appointments row', () => {
  it('stores punctuality by the one rule, and a time entered by hand beside the server’s time', () => {
    const checkIn = (
      checkedInAt: string,
      recordedAt?: string,
      handEnteredReason?: string | null,
    ): AppointmentEvent => ({
      type: 'VisitCheckedIn',
      data: {
        id,
        carerId,
        checkedInAt,
        location: null,
        source: 'Mobile',
        manualInputReason: null,
        lateArrival: false,
        lateReason: null,
        recordedAt,
        handEnteredReason,
      },
    });
    // 08:30 start: 08:14 is Early, 08:15 and 08:45 On Time, 08:46 Late; an event from before recordedAt has none.
    expect(given(scheduled, checkIn('2026-07-14T08:14:00Z')).punctuality).toBe('Early');
    expect(given(scheduled, checkIn('2026-07-14T08:15:00Z')).punctuality).toBe('On Time');
    expect(given(scheduled, checkIn('2026-07-14T08:45:00Z')).punctuality).toBe('On Time');
    const atServerTime = given(scheduled, checkIn('2026-07-14T08:46:00Z', '2026-07-14T08:46:00.000Z', null));
    expect(atServerTime).toMatchObject({ punctuality: 'Late', check_in_recorded_at: null, check_in_time_reason: null });
    expect(storedViewOf(atServerTime)).toMatchObject({ punctuality: 'Late', checkInEnteredByHand: null });

    const byHand = given(scheduled, checkIn('2026-07-14T08:35:00Z', '2026-07-14T09:20:00Z', 'No signal'));
    expect(byHand).toMatchObject({
      checked_in_at: '2026-07-14T08:35:00.000Z',
      check_in_recorded_at: '2026-07-14T09:20:00.000Z',
      check_in_time_reason: 'No signal',
    });
    expect(storedViewOf(byHand)).toMatchObject({
      punctuality: 'On Time',
      checkInEnteredByHand: { recordedAt: '2026-07-14T09:20:00.000Z', reason: 'No signal' },
    });
  });

  it('stores a check-in recorded offline at the phone’s time, with when it was received, never as typed by hand', () => {
    const offline: AppointmentEvent = {
      type: 'VisitCheckedIn',
      data: {
        id,
        carerId,
        checkedInAt: '2026-07-14T08:32:00Z',
        location: null,
        source: 'Mobile',
        manualInputReason: null,
        lateArrival: false,
        lateReason: null,
        recordedAt: '2026-07-14T10:01:00Z',
        handEnteredReason: null,
        offlineCapturedAt: '2026-07-14T08:32:00Z',
      },
    };
    const record = given(scheduled, offline);
    expect(record).toMatchObject({
      checked_in_at: '2026-07-14T08:32:00.000Z',
      punctuality: 'On Time',
      check_in_recorded_at: null,
      check_in_offline_captured_at: '2026-07-14T08:32:00.000Z',
      check_in_offline_received_at: '2026-07-14T10:01:00.000Z',
    });
    expect(storedViewOf(record)).toMatchObject({
      checkInEnteredByHand: null,
      checkInOffline: { capturedAt: '2026-07-14T08:32:00.000Z', receivedAt: '2026-07-14T10:01:00.000Z' },
      checkOutOffline: null,
    });
  });

  it('takes its London date and wall-clock times from the start, in summer time too', () => {
    const record = given({ ...scheduled, data: { ...scheduled.data, scheduledStart: '2026-07-14T23:30:00Z' } });
    expect(record).toMatchObject({
      date: '2026-07-15',
      scheduled_end: '2026-07-15T00:15:00.000Z',
      status: 'scheduled',
    });
    expect(storedViewOf(record)).toMatchObject({ startTime: '00:30', endTime: '01:15', totalTasks: 2 });
  });

  it('is flagged running late by the policy until a check-in, which records lateness as decided', () => {
    const late = given(scheduled, { type: 'VisitRunningLate', data: { id, detectedAt: '2026-07-14T08:46:00Z' } });
    expect(late.running_late).toBe(true);
    expect(storedViewOf(late).runningLate).toBe(true);
    const arrived = given(
      scheduled,
      { type: 'VisitRunningLate', data: { id, detectedAt: '2026-07-14T08:46:00Z' } },
      {
        type: 'VisitCheckedIn',
        data: {
          id,
          carerId,
          checkedInAt: '2026-07-14T08:50:00Z',
          location: null,
          source: 'Manual',
          manualInputReason: 'No signal',
          lateArrival: true,
          lateReason: 'Bus',
        },
      },
    );
    expect(arrived).toMatchObject({
      status: 'in_progress',
      running_late: false,
      late_arrival: true,
      late_reason: 'Bus',
      manual_input_reason: 'No signal',
    });
  });

  it('becomes missed only while still scheduled, and a late check-in on a missed visit still counts', () => {
    const missed: AppointmentEvent = { type: 'VisitMissed', data: { id, detectedAt: '2026-07-14T09:16:00Z' } };
    expect(given(scheduled, missed).status).toBe('missed');
    const checkIn: AppointmentEvent = {
      type: 'VisitCheckedIn',
      data: {
        id,
        carerId,
        checkedInAt: '2026-07-14T09:20:00Z',
        location: null,
        source: 'Mobile',
        manualInputReason: null,
        lateArrival: true,
        lateReason: null,
      },
    };
    expect(given(scheduled, missed, checkIn).status).toBe('in_progress');
    expect(given(scheduled, checkIn, missed).status).toBe('in_progress');
  });

  it('keeps an amendment on the row and works out late arrival again from the corrected check-in', () => {
    const record = given(
      scheduled,
      {
        type: 'VisitCheckedIn',
        data: {
          id,
          carerId,
          checkedInAt: '2026-07-14T09:00:00Z',
          location: null,
          source: 'Mobile',
          manualInputReason: null,
          lateArrival: true,
          lateReason: 'Traffic',
        },
      },
      {
        type: 'VisitCheckedOut',
        data: {
          id,
          checkedOutAt: '2026-07-14T09:40:00Z',
          tasksCompleted: ['Breakfast'],
          medicationGiven: false,
          clientMood: 'happy',
          healthObservations: null,
          notes: null,
          signature: 'data:image/png;base64,AAAA',
          travelTimeMinutes: null,
          mileageTenths: 25,
          expensesPence: null,
          location: null,
          source: 'Mobile',
          manualInputReason: null,
        },
      },
      {
        type: 'VisitAmended',
        data: {
          id,
          changes: { checkedInAt: '2026-07-14T08:40:00Z', tasksCompleted: ['Breakfast', 'Wash'] },
          reason: 'Clock was wrong',
        },
      },
    );
    expect(record).toMatchObject({
      status: 'completed',
      checked_in_at: '2026-07-14T08:40:00.000Z',
      late_arrival: false,
      amended: true,
      revision: '3',
    });
    expect(storedViewOf(record)).toMatchObject({
      tasksCompleted: ['Breakfast', 'Wash'],
      mileage: 2.5,
      signedOff: true,
      lateReason: 'Traffic',
    });
  });

  it('keeps whether the check-out note is shared with the family; a check-out without the flag is not shared', () => {
    const checkedIn: AppointmentEvent = {
      type: 'VisitCheckedIn',
      data: {
        id,
        carerId,
        checkedInAt: '2026-07-14T08:30:00Z',
        location: null,
        source: 'Mobile',
        manualInputReason: null,
        lateArrival: false,
        lateReason: null,
      },
    };
    const checkedOut = (share: { shareWithFamily?: true }): AppointmentEvent => ({
      type: 'VisitCheckedOut',
      data: {
        id,
        checkedOutAt: '2026-07-14T09:10:00Z',
        tasksCompleted: ['Breakfast'],
        medicationGiven: false,
        clientMood: null,
        healthObservations: null,
        notes: 'Enjoyed the garden',
        signature: null,
        travelTimeMinutes: null,
        mileageTenths: null,
        expensesPence: null,
        location: null,
        source: 'Mobile',
        manualInputReason: null,
        ...share,
      },
    });
    expect(given(scheduled).note_shared_with_family).toBe(false);
    expect(given(scheduled, checkedIn, checkedOut({})).note_shared_with_family).toBe(false);
    const shared = given(scheduled, checkedIn, checkedOut({ shareWithFamily: true }));
    expect(shared).toMatchObject({ note_shared_with_family: true, visit_notes: 'Enjoyed the garden' });
    // An amendment of the note keeps the carer's choice to share it.
    const amended = evolveRecord(
      shared,
      recorded({
        type: 'VisitAmended',
        data: { id, changes: { notes: 'Enjoyed the garden and tea' }, reason: 'Typo' },
      }),
    );
    expect(amended).toMatchObject({ note_shared_with_family: true, visit_notes: 'Enjoyed the garden and tea' });
  });

  it('is judged against the new time after a reschedule, and a cancelled visit keeps its reason', () => {
    const record = given(
      scheduled,
      { type: 'VisitRunningLate', data: { id, detectedAt: '2026-07-14T08:46:00Z' } },
      {
        type: 'AppointmentRescheduled',
        data: { id, scheduledStart: '2026-07-14T12:00:00Z', durationMinutes: 30 },
      },
    );
    expect(record).toMatchObject({
      running_late: false,
      scheduled_end: '2026-07-14T12:30:00.000Z',
      duration_minutes: 30,
    });
    expect(given(scheduled, { type: 'AppointmentCancelled', data: { id, reason: 'In hospital' } })).toMatchObject({
      status: 'cancelled',
      status_reason: 'In hospital',
    });
  });
});
