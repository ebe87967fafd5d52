import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';

/**
 * The access log (admin Security tab, auditors). Kept in a stream of its own per user so that
 * sign-ins never bump the account's revision (an admin's If-Match edit would otherwise conflict).
 * Failed sign-ins for an email no account has go to one shared stream: the email is kept as typed.
 */
const client = { ipAddress: eventText(TEXT_LIMITS.ipAddress).nullable(), userAgent: eventText(TEXT_LIMITS.userAgent).nullable() };

export const UserSignedIn = defineEvent('UserSignedIn', 1, z.object({ userId: z.uuid(), ...client }));
export const UserSignInFailed = defineEvent(
  'UserSignInFailed',
  1,
  z.object({
    userId: z.uuid().nullable(),
    email: eventText(TEXT_LIMITS.email),
    reason: z.enum(['wrong_password', 'unknown_email', 'deactivated', 'locked']),
    ...client,
  }),
);
export const UserSignedOut = defineEvent(
  'UserSignedOut',
  1,
  z.object({ userId: z.uuid(), reason: z.enum(['logout', 'expired', 'deactivated', 'password_changed', 'role_changed']), ...client }),
);
export const PasswordResetIssued = defineEvent(
  'PasswordResetIssued',
  1,
  z.object({ userId: z.uuid(), requestedBy: z.enum(['self', 'admin']), ...client }),
);

export const accessEventDefinitions = [UserSignedIn, UserSignInFailed, UserSignedOut, PasswordResetIssued] as const;
export type AccessEvent = EventOf<typeof accessEventDefinitions>;

export const accessStreamId = (userId: string): string => `user-access-${userId}`;
export const UNKNOWN_ACCOUNT_ACCESS_STREAM = 'user-access-unknown';
