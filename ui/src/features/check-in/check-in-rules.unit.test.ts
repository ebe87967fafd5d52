import { describe, expect, it } from 'vitest';
import { canCheckIn, canCheckOut, minutesLate, recordSource } from './check-in-rules';

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
