import type { AlertView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { queryKeys } from '../../shared/query-keys';

/** GET /api/alerts?active=true&limit=10: the bell's list, newest first; 'alerts:new' puts a new one on top. */
export const latestAlertsQueryOptions = queryOptions({
  queryKey: queryKeys.latestAlerts,
  queryFn: () => apiGet<AlertView[]>(queryKeys.latestAlerts[0]),
});
