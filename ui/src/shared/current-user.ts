import { ROLE_LABELS, type AuthUserView } from '@care/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from './api';
import { queryKeys } from './query-keys';

/** The signed-in user (GET /api/auth/user). Without a session the reply is 401 `Unauthorized`. */
export type CurrentUser = AuthUserView;

/** How often the session check tries again while the service answers 503 (starting, or its lists being prepared). */
const SESSION_CHECK_RETRIES = 5;

export const authUserQueryOptions = queryOptions({
  queryKey: queryKeys.authUser,
  queryFn: () => apiGet<AuthUserView>('/api/auth/user'),
  // The one query that retries (the default is none): a 503 says "try again", and before the session is
  // known the screen has nothing else to show. After the last try the gate offers "Try again".
  retry: (failures, error) => error instanceof ApiError && error.status === 503 && failures < SESSION_CHECK_RETRIES,
  retryDelay: (failures) => Math.min(1000 * 2 ** failures, 8000),
});

/**
 * The signed-in user for screens inside the auth gate. The gate renders nothing of the app until this query
 * has data, so here it is always loaded; a later failed refetch keeps the last user (and a 401 signs out).
 */
export function useCurrentUser(): CurrentUser {
  const { data } = useQuery(authUserQueryOptions);
  if (!data) throw new Error('useCurrentUser is used outside the auth gate');
  return data;
}

export function fullName(user: Pick<CurrentUser, 'firstName' | 'lastName'>): string {
  return (
    [user.firstName, user.lastName]
      .map((name) => name.trim())
      .filter(Boolean)
      .join(' ') || 'User'
  );
}

export function initials(user: Pick<CurrentUser, 'firstName' | 'lastName'>): string {
  const letters = [user.firstName, user.lastName].map((name) => name.trim().charAt(0)).join('');
  return letters.toUpperCase() || 'U';
}

/** The role text, defaulting to "Administrator". */
export function roleLabel(user: Pick<CurrentUser, 'role'>): string {
  return ROLE_LABELS[user.role] ?? 'Administrator';
}

/** Signing out is a POST here (SignOutButton), not a browser navigation: a GET must not change state. */
export const LOGOUT_PATH = '/api/logout';
/** A browser navigation: the server redirects to /landing. */
export const LOGIN_PATH = '/api/login';
