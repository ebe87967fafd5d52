import { normaliseEmail, userEmailStreamId, type UserEmailEvent } from '@care/events';
import { assertNever } from '../shared/assert-never';
import type { ReservationKind } from '../shared/reservation';

export const EMAIL_TAKEN = 'A user with this email already exists';

/** One account per email, whatever its case (see email-reservation-events.ts). */
export const userEmailReservation: ReservationKind<UserEmailEvent> = {
  streamId: userEmailStreamId,
  evolve(state, event) {
    switch (event.type) {
      case 'UserEmailReserved':
        return { holder: event.data.userId };
      case 'UserEmailReleased':
        return state.holder === event.data.userId ? { holder: null } : state;
      default:
        return assertNever(event);
    }
  },
  reserved: (email, userId) => ({ type: 'UserEmailReserved', data: { email: normaliseEmail(email), userId } }),
  released: (email, userId) => ({ type: 'UserEmailReleased', data: { email: normaliseEmail(email), userId } }),
  taken: { message: EMAIL_TAKEN, field: 'email' },
};
