import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { io } from 'socket.io-client';
import { queryKeys } from './query-keys';

/**
 * Live push from read-api (socket.io on the same origin). The server sends a snapshot on every (re)connect,
 * then deltas: `carers:activeCount` { count } and `carers:changed` { position } when the carers read model moved.
 */

let activeCarerCount: number | undefined;
const listeners = new Set<() => void>();

function setActiveCarerCount(count: number) {
  if (count === activeCarerCount) return;
  activeCarerCount = count;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The pushed number of active carers, or undefined until the first push arrives. */
export function useLiveActiveCarerCount(): number | undefined {
  return useSyncExternalStore(subscribe, () => activeCarerCount);
}

function connect(queryClient: QueryClient): () => void {
  // WebSocket only: HTTP long-polling needs sticky sessions, which a load balancer in front of
  // several read-api replicas (docker-compose runs two) does not give.
  const socket = io({ path: '/socket.io', withCredentials: true, transports: ['websocket'] });
  const reloadCarers = () => void queryClient.invalidateQueries({ queryKey: queryKeys.carers });

  let connectedBefore = false;
  socket.on('connect', () => {
    // After a reconnect, changes made while we were away were not pushed: reload what is on screen.
    if (connectedBefore) reloadCarers();
    connectedBefore = true;
  });
  socket.on('carers:changed', reloadCarers);
  socket.on('carers:activeCount', (payload: unknown) => {
    const count = (payload as { count?: unknown } | null)?.count;
    if (typeof count === 'number' && Number.isFinite(count)) setActiveCarerCount(count);
  });

  return () => {
    socket.removeAllListeners();
    socket.disconnect();
  };
}

/** Mounted once by the application shell. */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => connect(queryClient), [queryClient]);
}
