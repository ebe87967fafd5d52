import { normaliseEmail, userEmailStreamId, type UserEmailEvent } from '@care/events';
import type { ReservationKind } from '../shared/reservation';

export const EMAIL_TAKEN = 'A user with this email already exists';

/** One account per email, whatever its case (see email-reservation-events.ts). */
export const userEmailReservation: ReservationKind<UserEmailEvent> = {
  streamId: userEmailStreamId,
  reserves: (event) => event.type === 'UserEmailReserved',
  ownerOf: (event) => event.data.userId,
  reserved: (email, userId) => ({ type: 'UserEmailReserved', data: { email: normaliseEmail(email), userId } }),
  released: (email, userId) => ({ type: 'UserEmailReleased', data: { email: normaliseEmail(email), userId } }),
  taken: { message: EMAIL_TAKEN, field: 'email' },
};
