import {
  carerAccountStreamId,
  userStreamId,
  type CarerAccountEvent,
  type EventStore,
  type UserEvent,
} from '@care/events';
import { DomainError } from '../shared/domain-error';
import { loadStream } from '../shared/event-stream';
import type { ReservationKind } from '../shared/reservation';
import { evolveUser, initialUserState, type UserState } from '../users/user-state';

export const ACCOUNT_TAKEN = 'This account is already linked to another carer';
export const NO_SUCH_ACCOUNT = 'No user account has this ID';
export const NOT_A_CARER_ACCOUNT = 'Only an account with the carer role can be linked to a carer';

/** An account signs in as at most one carer (see carer-account-events.ts). */
export const carerAccountReservation: ReservationKind<CarerAccountEvent> = {
  streamId: carerAccountStreamId,
  reserves: (event) => event.type === 'CarerAccountReserved',
  ownerOf: (event) => event.data.carerId,
  reserved: (userId, carerId) => ({ type: 'CarerAccountReserved', data: { userId, carerId } }),
  released: (userId, carerId) => ({ type: 'CarerAccountReleased', data: { userId, carerId } }),
  taken: { message: ACCOUNT_TAKEN, field: 'userId' },
};

/** Whether the account (folded from its own stream) may be linked to a carer record; throws a 400 on userId if not. */
export function checkLinkableAccount(account: UserState): void {
  if (!account.exists) throw new DomainError('invalid', NO_SUCH_ACCOUNT, 'userId');
  if (account.role !== 'carer') throw new DomainError('invalid', NOT_A_CARER_ACCOUNT, 'userId');
}

/** Reads the account's stream (user-<id>), never a read model, and checks it may be linked. */
export async function assertLinkableAccount(store: EventStore, userId: string): Promise<void> {
  const loaded = await loadStream<UserEvent, UserState>(store, userStreamId(userId), evolveUser, initialUserState);
  checkLinkableAccount(loaded.state);
}
