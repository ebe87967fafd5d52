import { addDays, londonTimeToInstant, type PlanShiftRequest, type ShiftType } from '@care/events';

/**
 * The rota for the demo: every carer's shifts from four weeks before `today` to two weeks after (the same
 * window as the demo visits), the same every time for the same `today` (no randomness: everything derives from
 * the carer's index and the day). Home care runs split shifts: a morning round and a tea-time round on
 * weekdays, which cover the demo visits at 08:00, 12:30 and 17:30; two carers in three work the weekend as a
 * full day. Some days have no tea-time shift, so the rota shows visits outside a carer's shifts (the read
 * side flags them). Shifts from today on are partly still pending; past ones are all confirmed.
 * `carerIds` must be active carers: a shift cannot be planned for an inactive one.
 */
const DAYS_BACK = 28;
const DAYS_AHEAD = 14;

interface ShiftPattern {
  readonly shiftType: ShiftType;
  /** London wall-clock times. */
  readonly start: string;
  readonly end: string;
  readonly breakMinutes: number;
}

const MORNING: ShiftPattern = { shiftType: 'morning', start: '07:00', end: '14:00', breakMinutes: 30 };
const EVENING: ShiftPattern = { shiftType: 'evening', start: '16:30', end: '21:00', breakMinutes: 0 };
const WEEKEND: ShiftPattern = { shiftType: 'full_day', start: '07:30', end: '19:30', breakMinutes: 60 };

const LOCATIONS = ['North round', 'City centre round', 'East villages round', 'South round', 'West round'];

export function demoShifts(carerIds: readonly string[], today: string): PlanShiftRequest[] {
  const shifts: PlanShiftRequest[] = [];
  for (let day = -DAYS_BACK; day <= DAYS_AHEAD; day += 1) {
    const date = addDays(today, day);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    const dayIndex = day + DAYS_BACK;
    carerIds.forEach((carerId, carerIndex) => {
      const patterns: ShiftPattern[] = [];
      if (weekend) {
        if ((carerIndex + Math.floor(dayIndex / 7)) % 3 !== 0) patterns.push(WEEKEND);
      } else {
        patterns.push(MORNING);
        if ((carerIndex * 3 + dayIndex) % 11 !== 0) patterns.push(EVENING);
      }
      patterns.forEach((pattern, patternIndex) => {
        const pending = day >= 0 && (carerIndex * 7 + dayIndex + patternIndex) % 9 === 0;
        shifts.push({
          carerId,
          shiftType: pattern.shiftType,
          startTime: londonTimeToInstant(date, pattern.start),
          endTime: londonTimeToInstant(date, pattern.end),
          breakMinutes: pattern.breakMinutes,
          location: LOCATIONS[carerIndex % LOCATIONS.length]!,
          status: pending ? 'pending' : 'confirmed',
          notes: pending ? 'Awaiting the carer’s confirmation' : null,
        });
      });
    });
  }
  return shifts;
}
