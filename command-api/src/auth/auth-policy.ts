import { DEFAULT_SESSION_POLICY, type SessionPolicy } from '@care/events/server';

/** Sign-in limits (docs/features/accounts-and-roles.md, "Sign-in protection"). Overridable per environment; tests shorten them. */
export interface AuthPolicy {
  readonly session: SessionPolicy;
  /** Failed sign-ins for one account within the window before it is locked. */
  readonly maxFailuresPerAccount: number;
  /** Failed sign-ins from one address within the window before it is locked. */
  readonly maxFailuresPerAddress: number;
  readonly failureWindowMinutes: number;
  readonly lockoutMinutes: number;
  /** How long a password-reset link works. */
  readonly resetLinkMinutes: number;
}

export const DEFAULT_AUTH_POLICY: AuthPolicy = {
  session: DEFAULT_SESSION_POLICY,
  maxFailuresPerAccount: 5,
  maxFailuresPerAddress: 20,
  failureWindowMinutes: 15,
  lockoutMinutes: 15,
  resetLinkMinutes: 60,
};
