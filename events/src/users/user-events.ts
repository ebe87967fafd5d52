import { z } from 'zod';
import { REGIONS, ROLES } from '../enums';
import { defineEvent, type EventOf } from '../event-definition';
import { eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';

/**
 * A user account. Facts only: no password or hash ever goes into an event
 * (docs/decisions/0006-no-credentials-in-events.md); credentials live in the mutable auth.credentials table.
 */
export const userProfileSchema = z.object({
  firstName: eventText(TEXT_LIMITS.personName),
  lastName: eventText(TEXT_LIMITS.personName),
  region: z.enum(REGIONS).nullable(),
  profileImageUrl: eventText(TEXT_LIMITS.url).nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const UserRegistered = defineEvent(
  'UserRegistered',
  1,
  userProfileSchema.extend({ userId: z.uuid(), email: eventText(TEXT_LIMITS.email), role: z.enum(ROLES) }),
);
/** Only the fields that changed. */
export const UserProfileChanged = defineEvent(
  'UserProfileChanged',
  1,
  z.object({ userId: z.uuid(), changes: userProfileSchema.partial() }),
);
export const UserRoleChanged = defineEvent(
  'UserRoleChanged',
  1,
  z.object({ userId: z.uuid(), role: z.enum(ROLES), previousRole: z.enum(ROLES) }),
);
export const UserDeactivated = defineEvent('UserDeactivated', 1, z.object({ userId: z.uuid() }));
export const UserReactivated = defineEvent('UserReactivated', 1, z.object({ userId: z.uuid() }));
/** The password was set or replaced (by whom is in the metadata); the hash itself never is. */
export const UserPasswordSet = defineEvent(
  'UserPasswordSet',
  1,
  z.object({ userId: z.uuid(), reason: z.enum(['initial', 'reset', 'admin', 'self']) }),
);

export const userEventDefinitions = [
  UserRegistered,
  UserProfileChanged,
  UserRoleChanged,
  UserDeactivated,
  UserReactivated,
  UserPasswordSet,
] as const;
export type UserEvent = EventOf<typeof userEventDefinitions>;

export const userStreamId = (userId: string): string => `user-${userId}`;
