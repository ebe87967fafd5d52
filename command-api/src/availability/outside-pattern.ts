import { availabilityOf, londonClock, londonToday, ukDate, type WorkingPattern } from '@care/events';

/**
 * "Nadia Hussain does not usually work at this time (12/03/2027 18:00)": one warning per visit outside the carer's
 * working pattern (at most a few named, then a count, so a long weekly series stays readable). None when the
 * carer has no pattern recorded: nothing says the time is unusual.
 */
export function outsidePatternWarnings(
  name: string,
  pattern: WorkingPattern | null,
  spans: readonly { readonly start: string; readonly end: string }[],
): string[] {
  const outside = spans.filter((span) => availabilityOf(pattern, span.start, span.end) === 'outside');
  if (outside.length === 0) return [];
  const first = outside[0]!;
  const when = `${ukDate(londonToday(new Date(first.start)))} ${londonClock(first.start)}`;
  const others = outside.length - 1;
  const more = others === 0 ? '' : ` and ${others} more ${others === 1 ? 'visit' : 'visits'}`;
  return [`${name} does not usually work at this time (${when}${more})`];
}
