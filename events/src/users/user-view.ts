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
export type AuthUserView = Pick<UserView, 'id' | 'email' | 'firstName' | 'lastName' | 'role' | 'region' | 'profileImageUrl'> & {
  isAdmin: boolean;
};

export type AccessLogEntryType = 'signed_in' | 'sign_in_failed' | 'signed_out' | 'password_reset_issued';

/** GET /api/access-log items (admin Security tab), newest first. */
export interface AccessLogEntryView {
  id: string;
  type: AccessLogEntryType;
  userId: string | null;
  email: string | null;
  name: string | null;
  /** For failures (wrong_password, unknown_email, deactivated, locked) and sign-outs (logout, expired, ...). */
  reason: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  occurredAt: string;
}
