import { describe, expect, it } from 'vitest';
import type { LeaveSliceEvent } from '@care/events';
import { evolveLeaveRecord, type LeaveRecord, type LeaveRecorded } from './leave-record';

const id = '0190a5b2-7c3d-7e4f-8a1b-000000000001';
const carerId = '0190a5b2-7c3d-7e4f-8a1b-000000000002';
const carerUserId = '0190a5b2-7c3d-7e4f-8a1b-00000000000a';
const coordinatorId = '0190a5b2-7c3d-7e4f-8a1b-00000000000b';
const visitId = '0190a5b2-7c3d-7e4f-8a1b-0000000000f1';

let revision = 0n;
const recorded = (event: LeaveSliceEvent, userId: string, occurredAt: string): LeaveRecorded =>
  ({
    ...event,
    eventId: `0190a5b2-7c3d-7e4f-8a1b-0000000001${String(revision).padStart(2, '0')}`,
    streamId: `leave-${id}`,
    revision: revision++,
    position: { commit: revision, prepare: revision },
    metadata: { userId, occurredAt, correlationId: 'c', causationId: 'c' },
  }) as LeaveRecorded;

/** Given these events (in order, each with who and when), the row. */
function given(...events: [LeaveSliceEvent, string, string][]): LeaveRecord | undefined {
  revision = 0n;
  let record: LeaveRecord | undefined;
  for (const [event, userId, at] of events) record = evolveLeaveRecord(record, recorded(event, userId, at));
  return record;
}

const requested: LeaveSliceEvent = {
  type: 'LeaveRequested',
  data: {
    id,
    carerId,
    kind: 'annual',
    from: '2027-03-08',
    to: '2027-03-12',
    dayPart: 'full',
    note: 'Family wedding',
    requestedByUserId: carerUserId,
  },
};

describe('the leave_requests row', () => {
  it('holds a request as it was asked for, waiting', () => {
    expect(given([requested, carerUserId, '2027-01-05T09:00:00.000Z'])).toEqual({
      id,
      carer_id: carerId,
      kind: 'annual',
      from_date: '2027-03-08',
      to_date: '2027-03-12',
      day_part: 'full',
      note: 'Family wedding',
      status: 'requested',
      requested_by_user_id: carerUserId,
      decided_by_user_id: null,
      decided_at: null,
      reason: null,
      unassigned_appointment_ids: [],
      revision: '0',
      created_at: '2027-01-05T09:00:00.000Z',
      updated_at: '2027-01-05T09:00:00.000Z',
    });
  });

  it('records who approved it, when, and the visits the approval unassigned', () => {
    const row = given(
      [requested, carerUserId, '2027-01-05T09:00:00.000Z'],
      [
        { type: 'LeaveApproved', data: { id, carerId, unassignedAppointmentIds: [visitId] } },
        coordinatorId,
        '2027-01-06T10:00:00.000Z',
      ],
    );
    expect(row).toMatchObject({
      status: 'approved',
      decided_by_user_id: coordinatorId,
      decided_at: '2027-01-06T10:00:00.000Z',
      unassigned_appointment_ids: [visitId],
      revision: '1',
      created_at: '2027-01-05T09:00:00.000Z',
      updated_at: '2027-01-06T10:00:00.000Z',
    });
  });

  it('keeps the reason of a decline and of a cancellation', () => {
    const declined = given(
      [requested, carerUserId, '2027-01-05T09:00:00.000Z'],
      [
        { type: 'LeaveDeclined', data: { id, carerId, reason: 'Short staffed' } },
        coordinatorId,
        '2027-01-06T10:00:00.000Z',
      ],
    );
    expect(declined).toMatchObject({ status: 'declined', reason: 'Short staffed' });
    const cancelled = given(
      [requested, carerUserId, '2027-01-05T09:00:00.000Z'],
      [
        { type: 'LeaveCancelled', data: { id, carerId, reason: null, wasApproved: false } },
        carerUserId,
        '2027-01-05T12:00:00.000Z',
      ],
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', reason: null, decided_by_user_id: carerUserId });
  });

  it('leaves no row for a change to leave it never saw requested', () => {
    expect(
      given([
        { type: 'LeaveApproved', data: { id, carerId, unassignedAppointmentIds: [] } },
        coordinatorId,
        '2027-01-06T10:00:00.000Z',
      ]),
    ).toBeUndefined();
  });
});
