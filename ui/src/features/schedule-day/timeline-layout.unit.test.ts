import type { AppointmentView } from '@care/events';
import { describe, expect, it } from 'vitest';
import { formatLongDate } from './long-date';
import { earliestStart, minutesOfDay, timelineRows } from './timeline-layout';

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

describe('timelineRows', () => {
  it('gives one row per carer by name, Unassigned last', () => {
    const rows = timelineRows([visit('09:00', 60, zara), visit('10:00', 30, null), visit('08:00', 60, ben)]);
    expect(rows.map((row) => row.label)).toEqual(['Ben Carter', 'Zara Ahmed', 'Unassigned']);
  });

  it('places a visit at start ÷ 24 h with width duration ÷ 24 h, cut at midnight', () => {
    const [row] = timelineRows([visit('06:00', 360, zara), visit('23:00', 120, zara)]);
    expect(row?.blocks.map(({ left, width }) => [left, width])).toEqual([
      [25, 25],
      [(23 / 24) * 100, (1 / 24) * 100],
    ]);
  });

  it('puts visits that would overlap as drawn (80 px at least) on separate lanes', () => {
    // 80 px of a 720 px bar is 160 minutes: a 30-minute visit at 09:00 is drawn until 11:40.
    const [row] = timelineRows([visit('09:00', 30, zara), visit('10:00', 30, zara), visit('11:40', 30, zara)]);
    expect(row?.blocks.map((block) => block.lane)).toEqual([0, 1, 0]);
    expect(row?.lanes).toBe(2);
  });

  it('reads clock times as minutes of the day', () => {
    expect([minutesOfDay('00:00'), minutesOfDay('09:30'), minutesOfDay('23:59')]).toEqual([0, 570, 1439]);
    expect(earliestStart([visit('14:00', 30, zara), visit('07:15', 30, ben)])).toBe(435);
    expect(earliestStart([])).toBeUndefined();
  });
});

describe('formatLongDate', () => {
  it('shows the chosen date in long form without shifting the day', () => {
    expect(formatLongDate('2026-11-21')).toBe('Saturday, 21 November 2026');
    expect(formatLongDate('2026-03-29')).toBe('Sunday, 29 March 2026');
  });
});
