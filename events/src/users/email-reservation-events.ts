import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';

const email = eventText(TEXT_LIMITS.email);

/** A user's email is unique: one reservation stream per normalised email, like employee IDs. */
export const UserEmailReserved = defineEvent('UserEmailReserved', 1, z.object({ email, userId: z.uuid() }));
export const UserEmailReleased = defineEvent('UserEmailReleased', 1, z.object({ email, userId: z.uuid() }));

export const userEmailEventDefinitions = [UserEmailReserved, UserEmailReleased] as const;
export type UserEmailEvent = EventOf<typeof userEmailEventDefinitions>;

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
/** The reservation streams' names spell the email, so destroying a person renames theirs (record-destruction.ts). */
export const USER_EMAIL_STREAM_PREFIX = 'user-email-';
export const userEmailStreamId = (email: string): string =>
  `${USER_EMAIL_STREAM_PREFIX}${encodeURIComponent(normaliseEmail(email))}`;
