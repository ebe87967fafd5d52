import { userStreamId, type EventStore, type UserEvent } from '@care/events';
import { evolveUser, initialUserState, type UserState } from '../users/user-state';
import { DomainError } from './domain-error';
import { loadStream } from './event-stream';

export const ASSIGNEE_NOT_ACTIVE = 'Assigned to must be an active user';

/** An assignee is a user whose own stream says they exist and are active (never a read model): else a 400 on `field`. */
export async function assertActiveUser(store: EventStore, userId: string, field: string): Promise<void> {
  const loaded = await loadStream<UserEvent, UserState>(store, userStreamId(userId), evolveUser, initialUserState);
  if (!loaded.state.exists || !loaded.state.isActive) throw new DomainError('invalid', ASSIGNEE_NOT_ACTIVE, field);
}
