import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isNetworkError, isUnauthorizedError } from '../../shared/api';
import { authUserQueryOptions } from '../../shared/current-user';
import { FullScreenSpinner } from './full-screen-spinner';

/**
 * The authentication state: while GET /api/auth/user loads, a full-screen spinner. Without a
 * session (401) the spinner stays while the query cache's unauthorized handler (the one implementation, in
 * shared/query-client.ts) shows the "Unauthorised" toast and goes to /api/login after 500 ms.
 * Nothing of the app, its live socket included, starts before the user is known.
 * Without signal a carer's phone knows the user from its local copy (shared/offline/local-copy.ts): the app opens
 * from it, and no network is never taken for a lost session. With neither signal nor copy, the gate says so.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const auth = useQuery(authUserQueryOptions);
  if (auth.data) return children;
  // The check waits for the network (TanStack Query pauses it offline) and there is no copy to open from.
  if (auth.isPending && auth.fetchStatus === 'paused')
    return (
      <div className="fullscreen-center">
        <div className="card empty-state" role="status">
          <p>You are offline. Connect to the internet to sign in; the app then works without signal too.</p>
        </div>
      </div>
    );
  if (auth.isPending || isUnauthorizedError(auth.error)) return <FullScreenSpinner />;
  return (
    <div className="fullscreen-center">
      <div className="card empty-state" role="alert">
        {/* A weak signal often leaves the phone reporting a network while nothing gets through. */}
        <p>
          {isNetworkError(auth.error)
            ? 'Cannot reach the server. Connect to the internet to sign in; the app then works without signal too.'
            : 'Could not check your session. Please try again.'}
        </p>
        <button
          type="button"
          className="button button-primary"
          onClick={() => void auth.refetch()}
          disabled={auth.isFetching}
        >
          Try again
        </button>
      </div>
    </div>
  );
}
