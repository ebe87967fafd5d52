/**
 * The signed-in user as the shell shows it. Sessions arrive with GET /api/auth/user in a later issue: this hook
 * is the one place to swap for a query then; until then it returns the spec's defaults.
 */
export interface CurrentUser {
  firstName: string;
  lastName: string;
  role: string;
  profileImageUrl: string | null;
}

const DEFAULT_USER: CurrentUser = { firstName: 'User', lastName: '', role: 'Administrator', profileImageUrl: null };

export function useCurrentUser(): CurrentUser {
  return DEFAULT_USER;
}

export function fullName(user: CurrentUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

export function initials(user: CurrentUser): string {
  const letters = [user.firstName, user.lastName].map((name) => name.trim().charAt(0)).join('');
  return letters.toUpperCase() || 'U';
}

/** Browser navigation, not a data call (spec section 7). */
export const LOGOUT_PATH = '/api/logout';
