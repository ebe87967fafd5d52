import { accessStreamId, type EventStore } from '@care/events';
import type { Logger, SessionStore } from '@care/events/server';
import { appendEvents } from '../shared/event-stream';

/** Deletes expired sessions every few minutes and records each as a sign-out (reason expired). */
export function startSessionSweeper(sessions: SessionStore, store: EventStore, log: Logger, everyMs = 5 * 60_000): () => void {
  const sweep = async () => {
    for (const ended of await sessions.purgeExpired()) {
      await appendEvents(
        store,
        accessStreamId(ended.userId),
        [{ type: 'UserSignedOut', data: { userId: ended.userId, reason: 'expired', ipAddress: null, userAgent: null } }],
        'any',
        { userId: ended.userId, requestId: 'session-sweeper' },
      );
    }
  };
  const timer = setInterval(() => void sweep().catch((error: unknown) => log.error({ err: error }, 'session sweep failed')), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
