import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import { ROLES } from '../enums';
import type { AccessLogEntryView, AuthUserView, PasswordResetLinkReply, UserView } from './user-view';

/** UserView for the API description and the tests that check replies against it. */
export const userViewSchema = z.strictObject({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  region: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isActive: z.boolean(),
  lastSignInAt: z.string().nullable(),
  revision: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** GET /api/auth/user and POST /api/login's `user`: who is signed in. */
export const authUserViewSchema = userViewSchema
  .pick({ id: true, email: true, firstName: true, lastName: true, role: true, region: true, profileImageUrl: true })
  .extend({ isAdmin: z.boolean() });

export const accessLogEntryViewSchema = z.strictObject({
  id: z.string(),
  type: z.enum([
    'signed_in',
    'sign_in_failed',
    'locked_out',
    'signed_out',
    'password_reset_requested',
    'password_reset_issued',
  ]),
  userId: z.string().nullable(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  reason: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  occurredAt: z.string(),
});

export const passwordResetLinkReplySchema = z.strictObject({
  message: z.string(),
  resetLink: z.string(),
  expiresAt: z.string(),
  validMinutes: z.int(),
  position: z.string(),
});

export type UserViewSchemaUserMatches = Expect<Same<z.infer<typeof userViewSchema>, UserView>>;
export type UserViewSchemaAuthUserMatches = Expect<Same<z.infer<typeof authUserViewSchema>, AuthUserView>>;
export type UserViewSchemaAccessLogMatches = Expect<Same<z.infer<typeof accessLogEntryViewSchema>, AccessLogEntryView>>;
export type UserViewSchemaResetLinkMatches = Expect<
  Same<z.infer<typeof passwordResetLinkReplySchema>, PasswordResetLinkReply>
>;
