import { londonWallClockOf, planShiftRequestSchema } from '@care/events';
import { describe, expect, it } from 'vitest';
import { demoShifts } from './demo-shifts';

const carers = [
  '0190a5b2-7c3d-7e4f-8a1b-000000000001',
  '0190a5b2-7c3d-7e4f-8a1b-000000000002',
  '0190a5b2-7c3d-7e4f-8a1b-000000000003',
];
/** A Wednesday in British Summer Time, and the clock change at the end of October inside the window. */
const today = '2026-10-14';

describe('demoShifts', () => {
  const shifts = demoShifts(carers, today);

  it('is the same every time and every request passes the New Shift rules', () => {
    expect(demoShifts(carers, today)).toEqual(shifts);
    for (const shift of shifts)
      expect(planShiftRequestSchema.safeParse(shift).success, JSON.stringify(shift)).toBe(true);
  });

  it('covers six weeks around today for every carer, weekdays with a morning round, some weekends', () => {
    const londonDate = (instant: string) => londonWallClockOf(new Date(instant)).slice(0, 10);
    const dates = shifts.map((shift) => londonDate(shift.startTime)).sort();
    expect(dates[0]).toBe('2026-09-16');
    expect(dates.at(-1)).toBe('2026-10-28');
    for (const carerId of carers) {
      const own = shifts.filter((shift) => shift.carerId === carerId);
      expect(own.filter((shift) => shift.shiftType === 'morning')).toHaveLength(31);
      expect(own.some((shift) => shift.shiftType === 'full_day')).toBe(true);
    }
  });

  it('keeps London wall-clock times on both sides of the clock change', () => {
    const morningOn = (date: string) =>
      shifts.find(
        (shift) => shift.carerId === carers[0] && shift.shiftType === 'morning' && shift.startTime.startsWith(date),
      );
    expect(morningOn('2026-10-23')).toMatchObject({
      startTime: '2026-10-23T06:00:00.000Z',
      endTime: '2026-10-23T13:00:00.000Z',
    });
    expect(morningOn('2026-10-26')).toMatchObject({
      startTime: '2026-10-26T07:00:00.000Z',
      endTime: '2026-10-26T14:00:00.000Z',
    });
  });

  it('leaves past shifts confirmed and some future ones pending', () => {
    const past = shifts.filter((shift) => shift.startTime < '2026-10-13T23:00:00.000Z');
    expect(past.every((shift) => shift.status === 'confirmed')).toBe(true);
    expect(shifts.some((shift) => shift.status === 'pending')).toBe(true);
  });

  it('never overlaps two shifts of one carer', () => {
    for (const carerId of carers) {
      const own = shifts
        .filter((shift) => shift.carerId === carerId)
        .sort((a, b) => a.startTime.localeCompare(b.startTime));
      own.slice(1).forEach((shift, index) => expect(shift.startTime >= own[index]!.endTime).toBe(true));
    }
  });
});
