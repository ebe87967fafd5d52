import type { EventStore } from '@care/events';
import type { Logger, SessionStore } from '@care/events/server';
import type { IdempotencyKeys } from '../shared/idempotency';
import { AccessRecorder } from './access-recorder';
import type { PasswordResets } from './password-resets';
import type { SignInThrottle } from './sign-in-throttle';

export interface AuthSweeperDependencies {
  readonly sessions: SessionStore;
  readonly throttle: SignInThrottle;
  readonly resets: PasswordResets;
  readonly idempotencyKeys: IdempotencyKeys;
  readonly store: EventStore;
  readonly log: Logger;
}

/**
 * Every few minutes: deletes expired sessions (each recorded as a sign-out, reason expired), sign-in
 * counts whose window and lock have run out, reset links that can no longer be used, and idempotency keys past
 * their keeping time (shared/idempotency.ts). The auth tables stay as small as the current activity, whatever a
 * script sends. The first sweep runs at once, so a restart does not wait a whole period for it.
 */
export function startAuthSweeper(
  { sessions, throttle, resets, idempotencyKeys, store, log }: AuthSweeperDependencies,
  everyMs = 5 * 60_000,
): () => void {
  const access = new AccessRecorder(store);
  const sweep = async () => {
    for (const ended of await sessions.purgeExpired()) {
      await access.record(
        ended.userId,
        { type: 'UserSignedOut', data: { userId: ended.userId, reason: 'expired', ipAddress: null, userAgent: null } },
        'session-sweeper',
      );
    }
    await throttle.sweep();
    await resets.sweep();
    await idempotencyKeys.sweep();
  };
  const run = () => void sweep().catch((error: unknown) => log.error({ err: error }, 'auth sweep failed'));
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
