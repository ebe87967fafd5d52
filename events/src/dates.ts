/** Calendar dates of the agency: the UK (DESIGN.md: time zone Europe/London), as YYYY-MM-DD. */
const londonDateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's calendar date in Europe/London (DESIGN.md), YYYY-MM-DD: what "expired" and "expiring soon" count from. */
export function londonToday(now: Date = new Date()): string {
  const hour = londonHourOf(now);
  return hour === undefined ? londonDateFormat.format(now) : hour.date;
}

const HOUR_MS = 3_600_000;
/** London's date and hour for each UTC hour already seen: a projection asks for every visit's day and times. */
const londonHours = new Map<number, { date: string; hour: string }>();

/**
 * The London date and hour of an instant's UTC hour (undefined for an invalid date). London is a whole number of
 * hours from UTC and changes its clocks on the hour, so one entry serves every instant of a UTC hour; Intl's
 * formatting costs microseconds a call.
 */
function londonHourOf(instant: Date): { date: string; hour: string } | undefined {
  const time = instant.getTime();
  if (Number.isNaN(time)) return undefined;
  const bucket = Math.floor(time / HOUR_MS);
  let hour = londonHours.get(bucket);
  if (!hour) {
    if (londonHours.size >= 200_000) londonHours.clear();
    const start = new Date(bucket * HOUR_MS);
    const clock = londonClockFormat.format(start);
    // Before 1847 London kept its own mean time, off UTC by minutes: no hour to share.
    if (!clock.endsWith(':00')) return undefined;
    hour = { date: londonDateFormat.format(start), hour: clock.slice(0, 2) };
    londonHours.set(bucket, hour);
  }
  return hour;
}

/** A calendar date moved by whole days (negative: earlier). Pure date arithmetic, no time zone involved. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

const londonWallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const londonClockFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The London wall-clock time of an instant, 24-hour "HH:mm" (one formatter: the projector calls it per visit). */
export function londonClock(instant: string | Date): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  const hour = londonHourOf(at);
  return hour === undefined ? londonClockFormat.format(at) : `${hour.hour}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
}

/** An instant as the London wall clock, "YYYY-MM-DDTHH:mm". */
export function londonWallClockOf(instant: Date): string {
  const part = Object.fromEntries(londonWallClock.formatToParts(instant).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

/**
 * A London date and wall-clock time ("HH:mm") as an ISO instant in UTC, right across the clock changes: a time
 * skipped in spring is read as the moment after the change, an hour repeated in autumn as its first occurrence.
 */
export function londonTimeToInstant(date: string, time: string): string {
  const wall = `${date}T${time}`;
  const asUtc = Date.parse(`${wall}:00Z`);
  const offsetAt = (utcMs: number) => Date.parse(`${londonWallClockOf(new Date(utcMs))}:00Z`) - Math.floor(utcMs / 60_000) * 60_000;
  const before = asUtc - offsetAt(asUtc - 3 * 3_600_000);
  const after = asUtc - offsetAt(asUtc + 3 * 3_600_000);
  const exact = [before, after].find((candidate) => londonWallClockOf(new Date(candidate)) === wall);
  return new Date(exact ?? before).toISOString();
}

/** The Monday of the (Monday-first, UK) week holding a calendar date. */
export function mondayOf(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}
