import { addDays, londonTimeToInstant, londonToday } from '@care/events';
import { DEMO_VISIT_DAYS_BACK } from './demo-appointments';

const MINUTE = 60_000;

/** The instant of a London wall-clock time on a date (YYYY-MM-DD, HH:MM). */
export function londonAt(date: string, time: string): Date {
  return new Date(londonTimeToInstant(date, time));
}

/**
 * The demo quarter's clock: it opens the morning before the first visit (when the agency's records are entered)
 * and ends a moment before the real time of loading, since nothing may be recorded in the future.
 */
export class DemoClock {
  readonly today: string;
  /** When the quarter opens: staff, carers and clients are registered from here. */
  readonly opens: Date;
  /** The latest instant a demo command may carry. */
  readonly latest: Date;

  constructor(readonly now: Date) {
    this.today = londonToday(now);
    this.opens = londonAt(addDays(this.today, -(DEMO_VISIT_DAYS_BACK + 1)), '08:00');
    this.latest = new Date(now.getTime() - MINUTE);
  }

  /** `at` kept inside the quarter. */
  within(at: Date | number): Date {
    const ms = typeof at === 'number' ? at : at.getTime();
    return new Date(Math.min(Math.max(ms, this.opens.getTime()), this.latest.getTime()));
  }

  /** Minutes after the quarter opens (the order records were first entered in). */
  afterOpening(minutes: number): Date {
    return this.within(this.opens.getTime() + minutes * MINUTE);
  }

  /**
   * When a record whose body reports past dates (completed, agreed, referred, received, effective…) can first have
   * been written: at `time` on the latest of those dates, and never before `earliest`. Dates still ahead are plans,
   * not facts, and do not count.
   */
  notBeforeItsDates(body: unknown, earliest: Date, time = '10:00'): Date {
    let at = earliest.getTime();
    for (const [key, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
      if (!PAST_DATE_FIELDS.has(key) || typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) continue;
      if (value <= this.today) at = Math.max(at, londonAt(value, time).getTime());
    }
    return this.within(at);
  }
}

/** Fields that say when something already happened (or took effect), by the name the requests give them. */
const PAST_DATE_FIELDS = new Set([
  'completedDate',
  'agreedOn',
  'referredOn',
  'doneOn',
  'reviewedOn',
  'receivedOn',
  'effectiveOn',
  'effectiveFrom',
  'issuedOn',
]);
