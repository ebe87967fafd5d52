import type { AppointmentStatus } from '@care/events';
import { describe, expect, it } from 'vitest';
import { arrangeDay, canCheckIn, canCheckOut, minutesLate, recordedTimes, recordSource } from './check-in-rules';

describe('what a carer may record on a visit', () => {
  it('checks in to an assigned visit that is scheduled or was marked missed, and to nothing else', () => {
    expect(canCheckIn({ status: 'scheduled', carerId: 'c1' })).toBe(true);
    expect(canCheckIn({ status: 'missed', carerId: 'c1' })).toBe(true);
    expect(canCheckIn({ status: 'scheduled', carerId: null })).toBe(false);
    for (const status of ['in_progress', 'completed', 'cancelled', 'no_show'] as const)
      expect(canCheckIn({ status, carerId: 'c1' })).toBe(false);
  });

  it('checks out only a visit in progress', () => {
    expect(canCheckOut({ status: 'in_progress' })).toBe(true);
    for (const status of ['scheduled', 'completed', 'missed'] as const) expect(canCheckOut({ status })).toBe(false);
  });

  it('calls a check-in late only more than 15 minutes after the planned start', () => {
    const visit = { scheduledDate: '2026-03-10T09:00:00.000Z' };
    expect(minutesLate(visit, new Date('2026-03-10T08:50:00Z'))).toBe(0);
    expect(minutesLate(visit, new Date('2026-03-10T09:15:00Z'))).toBe(0);
    expect(minutesLate(visit, new Date('2026-03-10T09:16:00Z'))).toBe(16);
    expect(minutesLate(visit, new Date('2026-03-10T10:30:00Z'))).toBe(90);
  });

  it('records the source: the device when located, Manual without a position, Computer for office staff', () => {
    expect(recordSource({ onBehalf: false, located: true, narrowScreen: true })).toBe('Mobile');
    expect(recordSource({ onBehalf: false, located: true, narrowScreen: false })).toBe('Computer');
    expect(recordSource({ onBehalf: false, located: false, narrowScreen: true })).toBe('Manual');
    expect(recordSource({ onBehalf: true, located: false, narrowScreen: false })).toBe('Computer');
  });
});

describe("the carer's day on the check-in screen", () => {
  const visit = (id: string, status: AppointmentStatus, hour: number) => ({
    id,
    status,
    scheduledDate: `2026-03-10T${String(hour).padStart(2, '0')}:00:00.000Z`,
  });

  it('puts the visit in progress first, then the ones to come in time order, and the finished ones last', () => {
    const day = arrangeDay([
      visit('late-evening', 'scheduled', 20),
      visit('morning', 'completed', 8),
      visit('lunch', 'in_progress', 12),
      visit('afternoon', 'scheduled', 15),
      visit('breakfast', 'missed', 9),
      visit('tea', 'cancelled', 17),
      visit('early', 'no_show', 7),
    ]);
    expect(day.inProgress.map((each) => each.id)).toEqual(['lunch']);
    expect(day.upcoming.map((each) => each.id)).toEqual(['afternoon', 'late-evening']);
    expect(day.done.map((each) => each.id)).toEqual(['early', 'morning', 'breakfast', 'tea']);
  });
});

describe('the recorded times on a visit', () => {
  const clock = (instant: string) => instant.slice(11, 16);
  const none = {
    actualStartTime: null,
    actualEndTime: null,
    checkInSource: null,
    checkInEnteredByHand: null,
    checkOutEnteredByHand: null,
    checkInOffline: null,
    checkOutOffline: null,
    lateArrival: false,
  };
  const byHand = { recordedAt: '2026-03-10T09:30:00.000Z', reason: 'Phone battery flat' };

  it('says nothing of a source or a time before the check-in', () => {
    expect(recordedTimes(none, clock)).toBeUndefined();
  });

  it('says a check-in and check-out recorded offline were, with the times the server received them', () => {
    const offline = {
      ...none,
      actualStartTime: '2026-03-10T09:02:00.000Z',
      actualEndTime: '2026-03-10T09:40:00.000Z',
      checkInSource: 'Mobile' as const,
      checkInOffline: { capturedAt: '2026-03-10T09:02:00.000Z', receivedAt: '2026-03-10T10:31:00.000Z' },
      checkOutOffline: { capturedAt: '2026-03-10T09:40:00.000Z', receivedAt: '2026-03-10T10:31:00.000Z' },
    };
    expect(recordedTimes(offline, clock)).toBe(
      'Checked in 09:02 (recorded offline at 09:02, received 10:31) · checked out 09:40 (recorded offline at 09:40, received 10:31)',
    );
  });

  it('says how a check-in was recorded, and "entered by hand" only for a time typed in', () => {
    const phone = { ...none, actualStartTime: '2026-03-10T08:02:00.000Z', checkInSource: 'Mobile' as const };
    expect(recordedTimes(phone, clock)).toBe('Checked in 08:02 on the phone');
    expect(recordedTimes({ ...phone, checkInSource: 'Computer' }, clock)).toBe('Checked in 08:02 on a computer');
    expect(recordedTimes({ ...phone, checkInSource: 'Manual' }, clock)).toBe('Checked in 08:02 without a location');
    expect(recordedTimes({ ...phone, checkInSource: 'Manual', checkInEnteredByHand: byHand }, clock)).toBe(
      'Checked in 08:02, entered by hand',
    );
  });

  it('adds a late arrival and the check-out, each with its own "entered by hand"', () => {
    const done = {
      ...none,
      actualStartTime: '2026-03-10T08:20:00.000Z',
      actualEndTime: '2026-03-10T09:05:00.000Z',
      checkInSource: 'Mobile' as const,
      lateArrival: true,
    };
    expect(recordedTimes(done, clock)).toBe('Checked in 08:20 on the phone · late arrival · checked out 09:05');
    expect(recordedTimes({ ...done, checkOutEnteredByHand: byHand }, clock)).toBe(
      'Checked in 08:20 on the phone · late arrival · checked out 09:05, entered by hand',
    );
  });
});
