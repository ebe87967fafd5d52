import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isUnauthorizedError } from '../../shared/api';
import { authUserQueryOptions } from '../../shared/current-user';
import { FullScreenSpinner } from './full-screen-spinner';

/**
 * The authentication state: while GET /api/auth/user loads, a full-screen spinner. Without a
 * session (401) the spinner stays while the query cache's unauthorized handler (the one implementation, in
 * shared/query-client.ts) shows the "Unauthorised" toast and goes to /api/login after 500 ms.
 * Nothing of the app, its live socket included, starts before the user is known.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const auth = useQuery(authUserQueryOptions);
  if (auth.data) return children;
  if (auth.isPending || isUnauthorizedError(auth.error)) return <FullScreenSpinner />;
  return (
    <div className="fullscreen-center">
      <div className="card empty-state" role="alert">
        <p>Could not check your session. Please try again.</p>
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
