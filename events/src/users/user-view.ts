import type { Role } from '../enums';

/** GET /api/users items (admin User Management). */
export interface UserView {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  region: string | null;
  profileImageUrl: string | null;
  isActive: boolean;
  lastSignInAt: string | null;
  /** Stream revision for If-Match. */
  revision: string;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/auth/user: who is signed in. `isAdmin` is decided on the server from the role. */
export type AuthUserView = Pick<
  UserView,
  'id' | 'email' | 'firstName' | 'lastName' | 'role' | 'region' | 'profileImageUrl'
> & {
  isAdmin: boolean;
};

export type AccessLogEntryType =
  | 'signed_in'
  | 'sign_in_failed'
  | 'locked_out'
  | 'signed_out'
  | 'password_reset_requested'
  | 'password_reset_issued';

/** GET /api/access-log items (admin Security tab), newest first. */
export interface AccessLogEntryView {
  id: string;
  type: AccessLogEntryType;
  userId: string | null;
  email: string | null;
  name: string | null;
  /**
   * For failures (deactivated; older entries also wrong_password, unknown_email, locked), lockouts
   * (account_locked, address_locked), sign-outs (logout, expired, ...) and issued resets (requested by ...).
   */
  reason: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  occurredAt: string;
}

/**
 * POST /api/users/:id/password-reset (admin): the one-time link, shown to that administrator only to pass
 * on to the user. `message` is the heading ("Password reset link").
 */
export interface PasswordResetLinkReply {
  message: string;
  resetLink: string;
  expiresAt: string;
  /** How long the link works from its issue (the server's setting, 60 by default). */
  validMinutes: number;
  position: string;
}
