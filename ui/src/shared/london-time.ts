/**
 * The entry date input is a datetime-local: a wall-clock time without a zone. The agency works in UK time
 * (DESIGN.md), so the wall clock is read as Europe/London whatever the browser's own zone, and sent as an
 * ISO instant in UTC; cards show it back in UK time (shared/format.ts formatDateTime).
 */
const LONDON = 'Europe/London';

const wallClockParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as a datetime-local value ("2025-07-01T10:30") on the London wall clock. */
export function toLondonInputValue(instant: Date | string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(wallClockParts.formatToParts(date).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

/** Milliseconds London is ahead of UTC at this instant (0 in winter, an hour in summer). */
function londonOffsetMs(utcMs: number): number {
  const wall = toLondonInputValue(new Date(utcMs));
  return Date.parse(`${wall}:00Z`) - Math.floor(utcMs / 60_000) * 60_000;
}

/**
 * A datetime-local value read as London time, as an ISO instant in UTC; '' stays '' (the form reports it as
 * required). A time skipped by the spring change is read as the moment after it; an hour repeated in autumn
 * as its first occurrence.
 */
export function londonInputToIso(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value.trim())) return value.trim();
  const asUtc = Date.parse(`${value.trim()}:00Z`);
  if (Number.isNaN(asUtc)) return value.trim();
  // The offset in force a few hours before, then after: the first that gives back this wall time wins, so a
  // repeated hour takes its first (summer-time) reading. Neither does in the spring gap: the earlier offset
  // then lands just after the change, as browsers read a skipped time.
  const before = asUtc - londonOffsetMs(asUtc - 3 * 3_600_000);
  const after = asUtc - londonOffsetMs(asUtc + 3 * 3_600_000);
  const exact = [before, after].find((candidate) => toLondonInputValue(new Date(candidate)) === value.trim());
  return new Date(exact ?? before).toISOString();
}
