import { describe, expect, it } from 'vitest';
import { DemoClock, londonAt } from './demo-times';

// A Friday evening in November (GMT); the quarter's first visits are thirteen weeks back.
const clock = new DemoClock(new Date('2026-11-27T19:30:00Z'));

describe('the demo quarter’s clock', () => {
  it('opens at 08:00 London the day before the first visit and ends a minute before loading', () => {
    expect(clock.opens.toISOString()).toBe('2026-08-27T07:00:00.000Z');
    expect(clock.latest.toISOString()).toBe('2026-11-27T19:29:00.000Z');
    expect(clock.within(new Date('2027-01-01T00:00:00Z'))).toEqual(clock.latest);
    expect(clock.within(new Date('2026-01-01T00:00:00Z'))).toEqual(clock.opens);
  });

  it('writes a record no earlier than the past dates its body reports, ignoring dates still ahead and other fields', () => {
    const earliest = new Date('2026-09-01T08:00:00Z');
    expect(clock.notBeforeItsDates({ agreedOn: '2026-10-02' }, earliest, '11:00')).toEqual(
      londonAt('2026-10-02', '11:00'),
    );
    expect(clock.notBeforeItsDates({ completedDate: '2025-03-01' }, earliest)).toEqual(earliest);
    expect(clock.notBeforeItsDates({ receivedOn: '2026-12-10', reviewDate: '2026-11-01' }, earliest)).toEqual(earliest);
    // Today's date at a time not yet reached is as late as the quarter goes.
    expect(clock.notBeforeItsDates({ doneOn: '2026-11-27' }, earliest, '21:00')).toEqual(clock.latest);
  });
});
