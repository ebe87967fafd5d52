/** One row of auth.sign_in_attempts: the failures of one account or address in the current window. */
export interface AttemptCount {
  readonly failures: number;
  readonly windowStartedAt: Date;
  readonly lockedUntil: Date | null;
}

export interface CountLimits {
  /** Failures within the window that lock the key. */
  readonly limit: number;
  readonly windowMinutes: number;
  readonly lockoutMinutes: number;
}

export interface CountedFailure {
  readonly next: AttemptCount;
  /** When the row may be deleted: the window has run out and no lock is left. */
  readonly expiresAt: Date;
  /** True for the one failure that set a lock: the moment to record a lockout. */
  readonly lockedNow: boolean;
}

const minutes = (count: number) => count * 60_000;

/**
 * Adds one failure. Reaching the limit sets a lock and starts the count again, so the next lock needs
 * the limit's worth of new failures after this one ends: one lockout, one event. A failure that arrives
 * while the key is already locked (a request that passed the lock check just before the lock was set)
 * changes nothing, so a burst of parallel guesses cannot set a string of locks. Pure.
 */
export function countFailure(
  current: AttemptCount,
  now: Date,
  { limit, windowMinutes, lockoutMinutes }: CountLimits,
): CountedFailure {
  const expiry = (count: AttemptCount) =>
    new Date(Math.max(count.windowStartedAt.getTime() + minutes(windowMinutes), count.lockedUntil?.getTime() ?? 0));
  if (current.lockedUntil && current.lockedUntil > now)
    return { next: current, expiresAt: expiry(current), lockedNow: false };
  const windowOver = current.windowStartedAt.getTime() + minutes(windowMinutes) <= now.getTime();
  const failures = windowOver ? 1 : current.failures + 1;
  const next: AttemptCount =
    failures >= limit
      ? { failures: 0, windowStartedAt: now, lockedUntil: new Date(now.getTime() + minutes(lockoutMinutes)) }
      : { failures, windowStartedAt: windowOver ? now : current.windowStartedAt, lockedUntil: null };
  return { next, expiresAt: expiry(next), lockedNow: failures >= limit };
}
