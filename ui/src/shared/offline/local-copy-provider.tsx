import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { type ReactNode, useEffect, useState } from 'react';
import { authUserQueryOptions } from '../current-user';
import { localCopyOptions, noteSignedInUser, refreshLocalCopy } from './local-copy';

/**
 * The query client with the carer's local copy: restored from the phone before the first query runs, saved again
 * whenever a kept query changes. With signal, the restored copy is shown at once and reloaded behind it; offline,
 * queries wait (TanStack Query's "online" network mode) and the screens show the copy.
 */
export function LocalCopyProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  const [options] = useState(() => {
    // TanStack Query assumes it starts online and only hears of changes: a page opened without signal would try
    // every request and show errors, where it should wait for the network and show the copy meanwhile.
    onlineManager.setOnline(navigator.onLine);
    return localCopyOptions();
  });

  useEffect(() => {
    const refresh = () => void refreshLocalCopy(client);
    window.addEventListener('online', refresh);
    // Whoever the server says is signed in decides whether (and whose) copy is kept.
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (event.query.queryKey[0] !== authUserQueryOptions.queryKey[0]) return;
      const user = client.getQueryData(authUserQueryOptions.queryKey);
      if (user) void noteSignedInUser(client, user);
    });
    return () => {
      window.removeEventListener('online', refresh);
      unsubscribe();
    };
  }, [client]);

  return (
    <PersistQueryClientProvider
      client={client}
      persistOptions={options}
      onSuccess={() => {
        if (navigator.onLine) void refreshLocalCopy(client);
      }}
    >
      {children}
    </PersistQueryClientProvider>
  );
}
