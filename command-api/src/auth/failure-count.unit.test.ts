import { describe, expect, it } from 'vitest';
import { countFailure, type AttemptCount } from './failure-count';

const limits = { limit: 3, windowMinutes: 15, lockoutMinutes: 10 };
const at = (minute: number) => new Date(Date.UTC(2025, 0, 6, 9, minute));
const fresh: AttemptCount = { failures: 0, windowStartedAt: at(0), lockedUntil: null };

/** Counts failures at the given minutes, starting from a new row; returns each step. */
function failAt(...minutes: number[]) {
  let count = fresh;
  return minutes.map((minute) => {
    const step = countFailure(count, at(minute), limits);
    count = step.next;
    return step;
  });
}

describe('counting failed sign-ins for one account or address', () => {
  it('locks on the limit-th failure within the window, once, and says so only then', () => {
    const steps = failAt(0, 1, 2);
    expect(steps.map((step) => step.lockedNow)).toEqual([false, false, true]);
    expect(steps[2]!.next).toEqual({ failures: 0, windowStartedAt: at(2), lockedUntil: at(12) });
  });

  it('ignores failures that arrive while locked (parallel guesses that passed the lock check): no second lockout', () => {
    const [, , locked, during] = failAt(0, 0, 0, 5);
    expect(locked!.lockedNow).toBe(true);
    expect(during!.lockedNow).toBe(false);
    expect(during!.next).toEqual(locked!.next);
  });

  it('needs the full limit again after a lock ends: one event per lockout, however long the guessing goes on', () => {
    const steps = failAt(0, 0, 0, 12, 12, 12, 24, 24, 24);
    expect(steps.filter((step) => step.lockedNow)).toHaveLength(3);
    expect(steps.map((step) => step.lockedNow)).toEqual([false, false, true, false, false, true, false, false, true]);
  });

  it('starts a new window when the last one has run out', () => {
    const steps = failAt(0, 1, 16, 17);
    expect(steps.map((step) => step.next.failures)).toEqual([1, 2, 1, 2]);
    expect(steps.some((step) => step.lockedNow)).toBe(false);
    expect(steps[3]!.next.windowStartedAt).toEqual(at(16));
  });

  it('expires the row when both the window and any lock have run out', () => {
    const [first, , locked] = failAt(0, 1, 2);
    expect(first!.expiresAt).toEqual(at(15));
    // Locked at 9:02 for 10 minutes, new window from 9:02 for 15: the row may go at 9:17.
    expect(locked!.expiresAt).toEqual(at(17));
    const longLock = countFailure({ failures: 2, windowStartedAt: at(0), lockedUntil: null }, at(1), {
      ...limits,
      lockoutMinutes: 60,
    });
    expect(longLock.expiresAt).toEqual(at(61));
  });

  it('locks on the first failure when the limit is 1', () => {
    expect(countFailure(fresh, at(0), { ...limits, limit: 1 }).lockedNow).toBe(true);
  });
});
