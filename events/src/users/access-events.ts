import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventInstant, eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';

/**
 * The access log (admin Security tab, auditors). Kept in a stream of its own per user so that
 * sign-ins never bump the account's revision (an admin's If-Match edit would otherwise conflict).
 * Entries that name no account (a lockout of an unknown email or of an address) go to one shared stream.
 * Wrong passwords are counted in the mutable table auth.sign_in_attempts, not recorded one by one: the
 * log gets one `UserSignInLockedOut` per lockout, so a script cannot fill it.
 */
const client = {
  ipAddress: eventText(TEXT_LIMITS.ipAddress).nullable(),
  userAgent: eventText(TEXT_LIMITS.userAgent).nullable(),
};

export const UserSignedIn = defineEvent('UserSignedIn', 1, z.object({ userId: z.uuid(), ...client }));
/**
 * A refused sign-in worth keeping: since the throttle moved to auth.sign_in_attempts only `deactivated`
 * (the right password for a deactivated account) is recorded, at most the lockout limit per window.
 * Older logs also hold wrong_password, unknown_email and locked.
 */
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
  z.object({
    userId: z.uuid(),
    reason: z.enum(['logout', 'expired', 'deactivated', 'password_changed', 'role_changed']),
    ...client,
  }),
);
/** Too many failures locked an account (the email tried) or a client address until `lockedUntil`. */
export const UserSignInLockedOut = defineEvent(
  'UserSignInLockedOut',
  1,
  z.object({
    scope: z.enum(['account', 'address']),
    /** The account whose email was tried (account scope, when the email has one). */
    userId: z.uuid().nullable(),
    /** The email tried (account scope); null for an address lockout. */
    email: eventText(TEXT_LIMITS.email).nullable(),
    lockedUntil: eventInstant(),
    ...client,
  }),
);
/**
 * An administrator issued a one-time reset link. The link and its token are never in an event (only a hash
 * of the token is kept, in auth.password_resets). `self` appears only in older logs: a self-service request
 * now records `PasswordResetRequested` and issues nothing.
 */
export const PasswordResetIssued = defineEvent(
  'PasswordResetIssued',
  1,
  z.object({ userId: z.uuid(), requestedBy: z.enum(['self', 'admin']), ...client }),
);
/** "Request new password" on /landing for an active account: an administrator sees it and issues a link. */
export const PasswordResetRequested = defineEvent(
  'PasswordResetRequested',
  1,
  z.object({ userId: z.uuid(), ...client }),
);

export const accessEventDefinitions = [
  UserSignedIn,
  UserSignInFailed,
  UserSignInLockedOut,
  UserSignedOut,
  PasswordResetIssued,
  PasswordResetRequested,
] as const;
export type AccessEvent = EventOf<typeof accessEventDefinitions>;

export const accessStreamId = (userId: string): string => `user-access-${userId}`;
export const UNKNOWN_ACCOUNT_ACCESS_STREAM = 'user-access-unknown';
