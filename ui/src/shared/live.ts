import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { io } from 'socket.io-client';
import type { AlertItem } from '@care/events';
import { parseAlertPush, parseCountPush, parseDashboardStatsPush, setPushedFigure, withNewAlert } from './live-figures';
import { PUSHED_FIGURE_KEYS, queryKeys } from './query-keys';

/**
 * Live push from read-api (socket.io on the same origin). The server sends a snapshot on every (re)connect,
 * then deltas: `carers:activeCount` { count }, and `<resource>:changed` { position } when a read model the user may
 * read moved (read-api/src/live/live-resources.ts): every query whose URL (its key's first element) is under
 * `/api/<resource>` is reloaded.
 *
 * Figures are pushed themselves, so a change costs no read per browser: `alerts:count` { count } and
 * `dashboard:stats` DashboardStats are written into the query cache under the keys the bell and the dashboard read
 * (never refetched on a change notice or a reconnect: the server sends them in its snapshot), and `alerts:new`
 * puts the new alert on top of the bell's list.
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

const REFUSED_RETRY_DELAY_MS = 5000;

/**
 * Views under another resource's path that show a changed resource too: the diary's visit views (the maps and
 * Monitoring) show the visits, so a visit's change reloads them (a check-in moves the live map) without polling.
 */
const ALSO_SHOWN_UNDER: Readonly<Record<string, readonly string[]>> = {
  appointments: ['/api/diary/map', '/api/diary/live-map', '/api/diary/monitoring'],
  // Reports show the open alerts and today's training compliance, which other read models keep; the grouped list
  // shows the alerts, and its invoice groups what is still owed (a part payment changes the figure, not an alert).
  alerts: ['/api/reports', '/api/alert-items'],
  finance: ['/api/alert-items'],
  training: ['/api/reports'],
  // Who viewed what: reloading that list logs no view, unlike the records it lists (live-resources.ts).
  'audit-views': ['/api/audit/views'],
};

/** Limit of the bell's list, read from its key (`…&limit=10`). */
const LATEST_ALERTS_LIMIT = Number(new URLSearchParams(queryKeys.latestAlerts[0].split('?')[1]).get('limit'));

/** The paths whose lists show a changed resource (every path when none is named). */
export function pathsShowing(resource?: string): readonly string[] {
  if (resource === undefined) return ['/api'];
  return [`/api/${resource}`, ...(ALSO_SHOWN_UNDER[resource] ?? [])];
}

/** `/api/clients`, `/api/clients/…` and `/api/clients?…` are under `/api/clients`; `/api/clientsx` is not. */
export function isUnder(url: string, base: string): boolean {
  return url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`);
}

/**
 * Reloads every list on screen under `base` (the signed-in user and the pushed figures excepted). A list loading
 * for the first time is not restarted by TanStack Query's invalidation (it hands back the fetch in flight), yet that
 * fetch may have read before the change: such a list loads once more when its first load is done.
 */
export function reloadQueriesUnder(queryClient: QueryClient, base: string): void {
  const predicate = ({ queryKey: [url] }: { queryKey: readonly unknown[] }) =>
    typeof url === 'string' && url !== queryKeys.authUser[0] && !PUSHED_FIGURE_KEYS.includes(url) && isUnder(url, base);
  for (const query of queryClient.getQueryCache().findAll({ predicate, fetchStatus: 'fetching' })) {
    const firstLoad = query.state.data === undefined ? query.promise : undefined;
    firstLoad?.then(
      () => void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }),
      () => undefined, // a failed first load shows its error and its retry button
    );
  }
  void queryClient.invalidateQueries({ predicate });
}

function connect(queryClient: QueryClient): () => void {
  // WebSocket only: HTTP long-polling needs sticky sessions, which a load balancer in front of
  // several read-api replicas (docker-compose runs two) does not give.
  const socket = io({ path: '/socket.io', withCredentials: true, transports: ['websocket'] });
  // Without a resource (after a reconnect): every list on screen. The signed-in user is not a list.
  const reloadUnder = (base: string) => reloadQueriesUnder(queryClient, base);
  const reload = (resource?: string) => {
    for (const base of pathsShowing(resource)) reloadUnder(base);
  };

  socket.on('connect', () => {
    // Changes committed before this socket joined its rooms were not pushed to it: after a reconnect, and also on the
    // first connect (a list fetched while the page loaded can miss a change that lands before the socket is in).
    // Reload what is on screen: the reconnect snapshot (docs/decisions/0008-live-push-through-postgresql-notify.md).
    reload();
  });
  // socket.io does not retry by itself when the server refuses the handshake (no valid session) or
  // disconnects us (e.g. the session ended). Ask the server who is signed in: a 401 there signs out through
  // the one unauthorized handler; if the session is still good, connect again shortly.
  let retry: number | undefined;
  let closed = false;
  const checkSessionThenRetry = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.authUser }).then(() => {
      if (!closed && queryClient.getQueryState(queryKeys.authUser)?.status === 'success') {
        window.clearTimeout(retry);
        retry = window.setTimeout(() => socket.connect(), REFUSED_RETRY_DELAY_MS);
      }
    });
  };
  socket.on('connect_error', () => {
    if (!socket.active) checkSessionThenRetry(); // otherwise a network failure: socket.io reconnects by itself
  });
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') checkSessionThenRetry();
  });
  socket.onAny((event: string) => {
    const changed = /^([a-z-]+):changed$/.exec(event);
    if (changed) reload(changed[1]);
  });
  // Administrators: System Status moves with the clock, not with the read models.
  socket.on('status:tick', () => reload('status'));
  socket.on('carers:activeCount', (payload: unknown) => {
    const count = (payload as { count?: unknown } | null)?.count;
    if (typeof count === 'number' && Number.isFinite(count)) setActiveCarerCount(count);
  });
  socket.on('alerts:count', (payload: unknown) => {
    const count = parseCountPush(payload);
    if (count !== undefined) setPushedFigure(queryClient, queryKeys.alertCount, { count });
  });
  socket.on('dashboard:stats', (payload: unknown) => {
    const stats = parseDashboardStatsPush(payload);
    if (stats) setPushedFigure(queryClient, queryKeys.dashboardStats, stats);
  });
  socket.on('alerts:new', (payload: unknown) => {
    const alert = parseAlertPush(payload);
    if (alert)
      queryClient.setQueryData<AlertItem[]>(queryKeys.latestAlerts, (list) =>
        withNewAlert(list, alert, LATEST_ALERTS_LIMIT),
      );
  });

  return () => {
    closed = true;
    window.clearTimeout(retry);
    socket.removeAllListeners();
    socket.disconnect();
  };
}

/** Mounted once by the application shell, which renders only once the user is known to be signed in. */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => connect(queryClient), [queryClient]);
}
