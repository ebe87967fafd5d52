import { describe, expect, it } from 'vitest';
import { carerWindowRange, type AppointmentEvent } from '@care/events';
import { evolve, initialAppointmentState, type AppointmentState } from '../appointments/appointment-state';
import { visitOpensClient } from './carer-work';

const carerId = '0190a5b2-7c3d-7e4f-8a1b-00000000000c';
const otherCarerId = '0190a5b2-7c3d-7e4f-8a1b-00000000000e';
const id = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';
const today = '2026-11-21';
const range = carerWindowRange({ daysBack: 7, daysAhead: 14 }, today);

function visit(scheduledStart: string, ...then: AppointmentEvent[]): AppointmentState {
  const scheduled: AppointmentEvent = {
    type: 'AppointmentScheduled',
    data: {
      id,
      seriesId: null,
      clientId: '0190a5b2-7c3d-7e4f-8a1b-00000000000d',
      carerId,
      scheduledStart,
      durationMinutes: 60,
      visitType: 'personal_care',
      priority: 'normal',
      tasks: [],
      notes: null,
    },
  };
  return [scheduled, ...then].reduce(evolve, initialAppointmentState);
}

describe('visitOpensClient', () => {
  it("counts the carer's visits from 7 days back to 14 ahead, both ends included (London dates)", () => {
    expect(range).toEqual({ from: '2026-11-14', to: '2026-12-05' });
    expect(visitOpensClient(visit('2026-11-14T10:00:00Z'), carerId, range)).toBe(true);
    expect(visitOpensClient(visit('2026-12-05T10:00:00Z'), carerId, range)).toBe(true);
    expect(visitOpensClient(visit('2026-11-13T10:00:00Z'), carerId, range)).toBe(false);
    expect(visitOpensClient(visit('2026-12-06T10:00:00Z'), carerId, range)).toBe(false);
  });

  it('takes the London date of the start: 23:30 UTC on a summer evening is already the next day', () => {
    const summer = carerWindowRange({ daysBack: 0, daysAhead: 0 }, '2026-07-02');
    expect(visitOpensClient(visit('2026-07-01T23:30:00Z'), carerId, summer)).toBe(true);
    expect(visitOpensClient(visit('2026-07-01T22:30:00Z'), carerId, summer)).toBe(false);
  });

  it("leaves out another carer's visit, a cancelled one, and one that does not exist", () => {
    expect(visitOpensClient(visit('2026-11-21T10:00:00Z'), otherCarerId, range)).toBe(false);
    expect(
      visitOpensClient(
        visit('2026-11-21T10:00:00Z', { type: 'AppointmentCancelled', data: { id, reason: 'In hospital' } }),
        carerId,
        range,
      ),
    ).toBe(false);
    expect(visitOpensClient(initialAppointmentState, carerId, range)).toBe(false);
  });

  it('follows a reassignment: the visit opens the client to its new carer only', () => {
    const reassigned = visit('2026-11-21T10:00:00Z', {
      type: 'AppointmentCarerAssigned',
      data: { id, carerId: otherCarerId, previousCarerId: carerId },
    });
    expect(visitOpensClient(reassigned, carerId, range)).toBe(false);
    expect(visitOpensClient(reassigned, otherCarerId, range)).toBe(true);
  });
});
