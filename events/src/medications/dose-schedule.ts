import { addDays, londonClock, londonTimeToInstant, londonToday } from '../dates';
import { ukDate } from '../uk-dates';

/**
 * When a prescription's doses are due: London wall-clock times ("08:00") on London dates from its start to its
 * end date, under the version in force at each instant. A change, pause or resume takes effect at the instant it
 * was recorded (`from`); the first version applies from the start date. Dose instants come from
 * `londonTimeToInstant`, so an 08:00 dose is 08:00 in London on both sides of the March and October changes.
 */
export interface SchedulePeriod {
  readonly from: string | null;
  readonly doseTimes: readonly string[];
  readonly active: boolean;
}

export interface DoseSchedule {
  readonly startDate: string;
  readonly endDate: string | null;
  readonly periods: readonly SchedulePeriod[];
}

export interface DueDose {
  /** London date the dose belongs to. */
  readonly date: string;
  /** London wall-clock time, "HH:mm". */
  readonly time: string;
  /** The UTC instant it is due. */
  readonly dueAt: string;
}

/** The period in force at an instant (the last one that began at or before it). */
export function periodAt(schedule: DoseSchedule, instant: string): SchedulePeriod | undefined {
  const at = Date.parse(instant);
  let found: SchedulePeriod | undefined;
  for (const period of schedule.periods) {
    if (period.from === null || Date.parse(period.from) <= at) found = period;
  }
  return found;
}

/** londonTimeToInstant formats dates several times; lists compute the same few dates and times for every row. */
const instantCache = new Map<string, string>();
function doseInstant(date: string, time: string): string {
  const key = `${date}T${time}`;
  let instant = instantCache.get(key);
  if (instant === undefined) {
    if (instantCache.size > 50_000) instantCache.clear();
    instant = londonTimeToInstant(date, time);
    instantCache.set(key, instant);
  }
  return instant;
}

/** Every scheduled dose due in [from, to), oldest first. */
export function dosesBetween(schedule: DoseSchedule, from: string, to: string): DueDose[] {
  const fromMs = Date.parse(from);
  const toMs = Date.parse(to);
  if (!(toMs > fromMs)) return [];
  const times = [...new Set(schedule.periods.flatMap((period) => period.doseTimes))].sort();
  if (times.length === 0) return [];
  const first = maxDate(addDays(londonToday(new Date(fromMs)), -1), schedule.startDate);
  const last = minDate(addDays(londonToday(new Date(toMs)), 1), schedule.endDate);
  const doses: DueDose[] = [];
  // A time the March change skips lands on the instant after it: when another dose time is already due there
  // (01:00 and 02:00 on 29/03), that is one dose, not two at one instant.
  const seen = new Set<string>();
  for (let date = first; date <= last; date = addDays(date, 1)) {
    for (const time of times) {
      const dueAt = doseInstant(date, time);
      const at = Date.parse(dueAt);
      if (at < fromMs || at >= toMs) continue;
      const period = periodAt(schedule, dueAt);
      if (!period?.active || !period.doseTimes.includes(time) || seen.has(dueAt)) continue;
      seen.add(dueAt);
      doses.push({ date, time, dueAt });
    }
  }
  return doses.sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt));
}

/** Whether a dose is due at exactly this instant under the schedule (a record must name a real dose). */
export function isDueDose(schedule: DoseSchedule, dueAt: string): boolean {
  const at = Date.parse(dueAt);
  if (Number.isNaN(at)) return false;
  return dosesBetween(schedule, new Date(at).toISOString(), new Date(at + 1).toISOString()).length === 1;
}

/** "08:00 on 29/03/2026": how a dose is named in messages. */
export function doseLabel(dueAt: string): string {
  return `${londonClock(dueAt)} on ${ukDate(londonToday(new Date(dueAt)))}`;
}

const maxDate = (a: string, b: string) => (a > b ? a : b);
const minDate = (a: string, b: string | null) => (b === null || a < b ? a : b);
