/**
 * Calendar dates of the agency: the UK (time zone Europe/London, docs/decisions/0019-uk-dates-times-and-money.md), as
 * YYYY-MM-DD.
 */
const londonDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's calendar date in Europe/London, YYYY-MM-DD: what "expired" and "expiring soon" count from. */
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

/**
 * The UTC midnight of a YYYY-MM-DD date (or the ±YYYYYY form ISO gives years past 9999), in milliseconds.
 * setUTCFullYear, unlike Date.UTC, keeps years 0 to 99 as they are instead of reading them as 1900 to 1999.
 */
function utcMidnightOf(date: string): number {
  const match = /^([+-]\d{6}|\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new TypeError(`Not a calendar date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  return utcMidnight(Number(match[1]), Number(match[2]), Number(match[3]));
}

function utcMidnight(year: number, month: number, day: number): number {
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  return at.getTime();
}

/** The calendar date of a UTC instant in ms, in the form ISO writes it (YYYY-MM-DD, or ±YYYYYY-MM-DD past 9999). */
function isoDateOf(time: number): string {
  const iso = new Date(time).toISOString();
  return iso.slice(0, iso.indexOf('T'));
}

/**
 * A calendar date moved by whole days (negative: earlier). Pure date arithmetic, no time zone involved. The read
 * API refuses dates outside 1900 to 2099 before they get here; any four-digit year still gives the right day.
 */
export function addDays(date: string, days: number): string {
  return isoDateOf(utcMidnightOf(date) + days * 86_400_000);
}

const londonWallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  era: 'short',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const londonClockFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The London wall-clock time of an instant, 24-hour "HH:mm" (one formatter: the projector calls it per visit). */
export function londonClock(instant: string | Date): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  const hour = londonHourOf(at);
  return hour === undefined
    ? londonClockFormat.format(at)
    : `${hour.hour}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
}

/** An instant as the London wall clock, "YYYY-MM-DDTHH:mm". */
export function londonWallClockOf(instant: Date): string {
  const part = Object.fromEntries(londonWallClock.formatToParts(instant).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

/** An instant's London wall clock as milliseconds on a UTC time line (the numbers, not text, so any year works). */
function londonWallTimeOf(instant: Date): number {
  const part = Object.fromEntries(londonWallClock.formatToParts(instant).map(({ type, value }) => [type, value]));
  // Intl counts years before year 1 as 1 BC, 2 BC, ...: ISO's year 0 is 1 BC.
  const year = part.era === 'BC' || part.era === 'B' ? 1 - Number(part.year) : Number(part.year);
  return (
    utcMidnight(year, Number(part.month), Number(part.day)) + (Number(part.hour) * 60 + Number(part.minute)) * 60_000
  );
}

/**
 * A London date and wall-clock time ("HH:mm") as an ISO instant in UTC, right across the clock changes: a time
 * skipped in spring is read as the moment after the change, an hour repeated in autumn as its first occurrence.
 */
export function londonTimeToInstant(date: string, time: string): string {
  const wall = `${date}T${time}`;
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!clock) throw new TypeError(`Not a time (HH:mm): ${JSON.stringify(time)}`);
  const asUtc = utcMidnightOf(date) + (Number(clock[1]) * 60 + Number(clock[2])) * 60_000;
  const offsetAt = (utcMs: number) => londonWallTimeOf(new Date(utcMs)) - Math.floor(utcMs / 60_000) * 60_000;
  const before = asUtc - offsetAt(asUtc - 3 * 3_600_000);
  const after = asUtc - offsetAt(asUtc + 3 * 3_600_000);
  const exact = [before, after].find((candidate) => londonWallClockOf(new Date(candidate)) === wall);
  return new Date(exact ?? before).toISOString();
}

/** The Monday of the (Monday-first, UK) week holding a calendar date. */
export function mondayOf(date: string): string {
  const weekday = new Date(utcMidnightOf(date)).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}
