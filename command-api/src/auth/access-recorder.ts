import {
  accessStreamId,
  UNKNOWN_ACCOUNT_ACCESS_STREAM,
  type AccessEvent,
  type EventStore,
  type Position,
} from '@care/events';
import type { CommandContext } from '../shared/actor';
import { appendEvents } from '../shared/event-stream';
import type { ClientInfo } from './client-info';
import type { Lockout } from './sign-in-throttle';

/**
 * Appends access-log events: to the account's `user-access-<id>` stream, or to the shared stream when the
 * entry names no account. Never bumps the account's own revision.
 */
export class AccessRecorder {
  constructor(private readonly store: EventStore) {}

  async record(
    userId: string | null,
    event: AccessEvent,
    requestId: string,
    actorId = userId ?? 'anonymous',
  ): Promise<Position> {
    const context: CommandContext = { userId: actorId, requestId };
    const stream = userId ? accessStreamId(userId) : UNKNOWN_ACCOUNT_ACCESS_STREAM;
    const appended = await appendEvents(this.store, stream, [event], 'any', context);
    return appended.position;
  }

  /** One `UserSignInLockedOut` per lock a failure has just set (`accountUserId`: the account of the email tried). */
  async recordLockouts(
    lockouts: readonly Lockout[],
    accountUserId: string | null,
    client: ClientInfo,
    requestId: string,
  ): Promise<void> {
    for (const { key, lockedUntil } of lockouts) {
      const userId = key.kind === 'account' ? accountUserId : null;
      await this.record(
        userId,
        {
          type: 'UserSignInLockedOut',
          data: {
            scope: key.kind,
            userId,
            email: key.kind === 'account' ? key.value : null,
            lockedUntil: lockedUntil.toISOString(),
            ...client,
          },
        },
        requestId,
        'anonymous',
      );
    }
  }
}
