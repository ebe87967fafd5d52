import { DomainError } from '../shared/domain-error';
import { londonClock, ukDate } from '@care/events';
import { londonDateOf } from './london-texts';

/** A phone's clock may run a little ahead of or behind the server's: within this, the server's time is used. */
export const CLOCK_SKEW_MS = 2 * 60_000;

/** The operator's limits on when visits may be recorded (CHECK_IN_EARLIEST_MINUTES, MANUAL_TIME_MAX_HOURS_BACK). */
export interface VisitTimeRules {
  /** A check-in is accepted from this many minutes before the planned start. */
  readonly checkInEarliestMinutes: number;
  /** A time entered by hand may be at most this many hours before the server's time. */
  readonly manualTimeMaxHoursBack: number;
}

export const DEFAULT_VISIT_TIME_RULES: VisitTimeRules = { checkInEarliestMinutes: 120, manualTimeMaxHoursBack: 12 };

/** The time a check-in or check-out is recorded at: the server's, or one entered by hand beside it. */
export interface RecordedTime {
  /** The time of the check-in or check-out as the visit's record shows it. */
  readonly at: string;
  /** The server's clock when recorded. */
  readonly recordedAt: string;
  /** Why `at` differs from `recordedAt`; null when it does not. */
  readonly handEnteredReason: string | null;
  /** Recorded on the carer's phone while offline: its clock then (`recordedAt` is when the server received it). */
  readonly offlineCapturedAt?: string;
}

interface TimeRequest {
  /** The time the request gave, if any. */
  readonly claimed: string | undefined;
  readonly now: string;
  readonly reason: string | null;
  /** The phone's clock when the carer recorded it offline (the request's Captured-At), if it was. */
  readonly offlineCapturedAt?: string | undefined;
  readonly field: 'checkedInAt' | 'checkedOutAt';
  readonly rules: VisitTimeRules;
}

const WORD = { checkedInAt: 'Check-in', checkedOutAt: 'Check-out' } as const;

/**
 * The server's time is the record. A time that differs from it by more than the clock drift was entered by
 * hand: it needs a reason, may not be in the future, and may be at most `manualTimeMaxHoursBack` hours back.
 */
export function recordedTime({ claimed, now, reason, offlineCapturedAt, field, rules }: TimeRequest): RecordedTime {
  const nowMs = Date.parse(now);
  if (claimed === undefined && offlineCapturedAt !== undefined) {
    return offlineTime(offlineCapturedAt, now, field, rules);
  }
  if (claimed === undefined || Math.abs(Date.parse(claimed) - nowMs) <= CLOCK_SKEW_MS) {
    return { at: now, recordedAt: now, handEnteredReason: null };
  }
  const claimedMs = Date.parse(claimed);
  if (claimedMs > nowMs) throw new DomainError('invalid', `${WORD[field]} time cannot be in the future`, field);
  const hours = rules.manualTimeMaxHoursBack;
  if (nowMs - claimedMs > hours * 3_600_000) {
    throw new DomainError(
      'invalid',
      `${WORD[field]} time entered by hand must be within the last ${hours} hours`,
      field,
    );
  }
  if (reason === null || reason === '') {
    throw new DomainError(
      'invalid',
      `A reason is required when the ${WORD[field].toLowerCase()} time is entered by hand`,
      'handEnteredReason',
    );
  }
  return { at: new Date(claimedMs).toISOString(), recordedAt: now, handEnteredReason: reason };
}

/**
 * A check-in or check-out the carer recorded offline counts at the phone's clock, since that is when it happened
 * (the server only received it later), as long as that clock is plausible. A phone more than the clock drift
 * ahead of the server cannot be believed: the server's time is the record, the phone's is kept beside it. One
 * older than `manualTimeMaxHoursBack` is refused, as a time typed by hand that old would be: the phone keeps it
 * and the office is told, so it is entered by someone who can check it.
 */
function offlineTime(
  capturedAt: string,
  now: string,
  field: TimeRequest['field'],
  rules: VisitTimeRules,
): RecordedTime {
  const capturedMs = Date.parse(capturedAt);
  const nowMs = Date.parse(now);
  const offline = { recordedAt: now, handEnteredReason: null, offlineCapturedAt: capturedAt };
  if (capturedMs > nowMs + CLOCK_SKEW_MS) return { at: now, ...offline };
  const hours = rules.manualTimeMaxHoursBack;
  if (nowMs - capturedMs > hours * 3_600_000) {
    throw new DomainError(
      'conflict',
      `${WORD[field]} recorded offline more than ${hours} hours ago: the office must enter it by hand`,
      field,
    );
  }
  return { at: new Date(Math.min(capturedMs, nowMs)).toISOString(), ...offline };
}

/** A check-in is accepted from `checkInEarliestMinutes` before the planned start; earlier, the refusal says when. */
export function assertCheckInWindowOpen(checkedInAt: string, scheduledStart: string, rules: VisitTimeRules): void {
  const opensMs = Date.parse(scheduledStart) - rules.checkInEarliestMinutes * 60_000;
  if (Date.parse(checkedInAt) >= opensMs) return;
  const opens = new Date(opensMs).toISOString();
  throw new DomainError(
    'conflict',
    `Check-in opens ${durationText(rules.checkInEarliestMinutes)} before the visit starts: from ${londonClock(opens)} on ${ukDate(londonDateOf(opens))}`,
    'checkedInAt',
  );
}

function durationText(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} minutes`;
  const hours = minutes / 60;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}
