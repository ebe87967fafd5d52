import type { AppointmentView } from '@care/events';
import { describe, expect, it } from 'vitest';
import { formatLongDate } from './long-date';
import { minutesOfDay, timelineAxis, timelineRows } from './timeline-layout';

let sequence = 0;
function visit(
  start: string,
  duration: number,
  carer: { id: string; first: string; last: string } | null,
): AppointmentView {
  sequence += 1;
  return {
    id: `v${sequence}`,
    carerId: carer?.id ?? null,
    carer: carer ? { user: { firstName: carer.first, lastName: carer.last } } : null,
    client: { firstName: 'Edith', lastName: 'Green', address: '4 Mill Lane' },
    startTime: start,
    scheduledDate: `2026-01-10T${start}:00.000Z`,
    scheduledDuration: duration,
  } as unknown as AppointmentView;
}
const zara = { id: 'z', first: 'Zara', last: 'Ahmed' };
const ben = { id: 'b', first: 'Ben', last: 'Carter' };

const WHOLE_DAY = { startHour: 0, endHour: 24 };

describe('timelineAxis', () => {
  it('shows whole hours from an hour before the first visit to an hour after the last one ends', () => {
    expect(timelineAxis([visit('07:45', 45, zara), visit('17:30', 60, ben)])).toEqual({ startHour: 6, endHour: 20 });
    expect(timelineAxis([visit('08:00', 30, zara), visit('12:10', 20, ben)])).toEqual({ startHour: 7, endHour: 14 });
  });

  it('stays within the day: a visit after midnight or running past it', () => {
    expect(timelineAxis([visit('00:30', 30, zara), visit('23:00', 120, ben)])).toEqual(WHOLE_DAY);
    expect(timelineAxis([])).toEqual(WHOLE_DAY);
  });
});

describe('timelineRows', () => {
  it('gives one row per carer by name, Unassigned last', () => {
    const rows = timelineRows([visit('09:00', 60, zara), visit('10:00', 30, null), visit('08:00', 60, ben)], WHOLE_DAY);
    expect(rows.map((row) => row.label)).toEqual(['Ben Carter', 'Zara Ahmed', 'Unassigned']);
  });

  it('places a visit at its start on the axis with the width of its duration, cut at midnight', () => {
    const [row] = timelineRows([visit('06:00', 360, zara), visit('23:00', 120, zara)], WHOLE_DAY);
    expect(row?.blocks.map(({ left, width }) => [left, width])).toEqual([
      [25, 25],
      [(23 / 24) * 100, (1 / 24) * 100],
    ]);
  });

  it('measures from the first hour of a cropped axis', () => {
    // 06:00–10:00: a visit 07:00–08:00 starts a quarter of the way along and takes a quarter of it.
    const [row] = timelineRows([visit('07:00', 60, zara)], { startHour: 6, endHour: 10 });
    expect(row?.blocks.map(({ left, width }) => [left, width])).toEqual([[25, 25]]);
  });

  it('puts visits that would overlap as drawn (116 px at 60 px an hour at least) on separate lanes', () => {
    // 116 px at 60 px an hour is 116 minutes: a 30-minute visit at 09:00 is drawn until 10:56, over one at 10:40.
    const [row] = timelineRows(
      [visit('09:00', 30, zara), visit('10:40', 30, zara), visit('10:56', 30, zara)],
      WHOLE_DAY,
    );
    expect(row?.blocks.map((block) => block.lane)).toEqual([0, 1, 0]);
    expect(row?.lanes).toBe(2);
  });

  it('reads clock times as minutes of the day', () => {
    expect([minutesOfDay('00:00'), minutesOfDay('09:30'), minutesOfDay('23:59')]).toEqual([0, 570, 1439]);
  });
});

describe('formatLongDate', () => {
  it('shows the chosen date in long form without shifting the day', () => {
    expect(formatLongDate('2026-11-21')).toBe('Saturday, 21 November 2026');
    expect(formatLongDate('2026-03-29')).toBe('Sunday, 29 March 2026');
  });
});
