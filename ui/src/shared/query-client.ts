import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiGet, isUnauthorizedError } from './api';
import { LOGIN_PATH } from './current-user';
import { wipeLocalCopy } from './offline/local-copy';
import { markSignedOut } from './signed-out-notice';
import { toast } from './toast';

/** The unauthorized redirect waits 500 ms so the toast can be read. */
const LOGIN_REDIRECT_DELAY_MS = 500;
let redirecting = false;

/**
 * On every action and screen: a lost session shows one toast and goes to the login path
 * (which redirects to /landing). The one implementation: the query and mutation caches call it for every
 * failure, the auth gate relies on it for GET /api/auth/user, and mutations with their own error toast call it
 * first so a lost session never shows "Failed to ..." instead.
 */
export function handleUnauthorized(error: unknown): boolean {
  if (!isUnauthorizedError(error)) return false;
  if (!redirecting) {
    redirecting = true;
    // The session is over: the phone's copy of that user's work goes with it, before anyone else signs in here.
    void wipeLocalCopy().catch(() => undefined);
    toast({ title: 'Unauthorised', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    markSignedOut();
    window.setTimeout(() => window.location.assign(LOGIN_PATH), LOGIN_REDIRECT_DELAY_MS);
  }
  return true;
}

/** The default loader GETs the URL held in the first element of the query key. */
const defaultQueryFn: QueryFunction = ({ queryKey }) => {
  const [path] = queryKey;
  if (typeof path !== 'string') throw new Error('The first element of a query key must be its URL');
  return apiGet(path);
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => void handleUnauthorized(error) }),
    mutationCache: new MutationCache({ onError: (error) => void handleUnauthorized(error) }),
    defaultOptions: {
      // Data is never stale, no retries, no refetch on focus or interval; lists reload by invalidation.
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
