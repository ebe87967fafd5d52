import { describe, expect, it } from 'vitest';
import type { WorkingPatternEvent } from '@care/events';
import {
  evolveWorkingPatternRecord,
  type WorkingPatternRecord,
  type WorkingPatternRecorded,
} from './working-pattern-record';

const carerId = '0190a5b2-7c3d-7e4f-8a1b-000000000002';
const coordinatorId = '0190a5b2-7c3d-7e4f-8a1b-00000000000b';
const adminId = '0190a5b2-7c3d-7e4f-8a1b-00000000000c';

let revision = 0n;
const recorded = (event: WorkingPatternEvent, userId: string, occurredAt: string): WorkingPatternRecorded => ({
  ...event,
  eventId: `0190a5b2-7c3d-7e4f-8a1b-0000000001${String(revision).padStart(2, '0')}`,
  streamId: `carer-working-pattern-${carerId}`,
  revision: revision++,
  position: { commit: revision, prepare: revision },
  metadata: { userId, occurredAt, correlationId: 'c', causationId: 'c' },
});

function given(...events: [WorkingPatternEvent, string, string][]): WorkingPatternRecord | undefined {
  revision = 0n;
  let record: WorkingPatternRecord | undefined;
  for (const [event, userId, at] of events) record = evolveWorkingPatternRecord(record, recorded(event, userId, at));
  return record;
}

const fullTime: WorkingPatternEvent = {
  type: 'WorkingPatternSet',
  data: {
    carerId,
    weekly: [{ weekday: 1, start: '08:00', end: '16:00' }],
    exceptions: [{ date: '2027-03-01', available: false, start: null, end: null, note: 'Hospital appointment' }],
    contractedHoursPerWeek: 37.5,
    weeklyHoursLimit: 48,
    optedOutOn: null,
  },
};

describe('the carer_working_patterns row', () => {
  it('holds the pattern as set, with who set it and when', () => {
    expect(given([fullTime, coordinatorId, '2027-01-05T09:00:00.000Z'])).toEqual({
      id: carerId,
      weekly: [{ weekday: 1, start: '08:00', end: '16:00' }],
      exceptions: [{ date: '2027-03-01', available: false, start: null, end: null, note: 'Hospital appointment' }],
      contracted_hours_per_week: 37.5,
      weekly_hours_limit: 48,
      opted_out_on: null,
      revision: '0',
      updated_at: '2027-01-05T09:00:00.000Z',
      updated_by: coordinatorId,
    });
  });

  it('replaces the whole pattern when it is set again', () => {
    const optedOut: WorkingPatternEvent = {
      type: 'WorkingPatternSet',
      data: {
        carerId,
        weekly: [{ weekday: 6, start: '09:00', end: '13:00' }],
        exceptions: [],
        contractedHoursPerWeek: null,
        weeklyHoursLimit: 60,
        optedOutOn: '2027-01-04',
      },
    };
    expect(
      given([fullTime, coordinatorId, '2027-01-05T09:00:00.000Z'], [optedOut, adminId, '2027-01-06T10:00:00.000Z']),
    ).toEqual({
      id: carerId,
      weekly: [{ weekday: 6, start: '09:00', end: '13:00' }],
      exceptions: [],
      contracted_hours_per_week: null,
      weekly_hours_limit: 60,
      opted_out_on: '2027-01-04',
      revision: '1',
      updated_at: '2027-01-06T10:00:00.000Z',
      updated_by: adminId,
    });
  });
});
