/** Calendar dates of the agency: the UK (DESIGN.md: time zone Europe/London), as YYYY-MM-DD. */
const londonDateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's calendar date in Europe/London (DESIGN.md), YYYY-MM-DD: what "expired" and "expiring soon" count from. */
export function londonToday(now: Date = new Date()): string {
  return londonDateFormat.format(now);
}

/** A calendar date moved by whole days (negative: earlier). Pure date arithmetic, no time zone involved. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
