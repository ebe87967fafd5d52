import type { AlertItem } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { queryKeys } from '../../shared/query-keys';

/**
 * GET /api/alert-items?following=true&limit=10: the bell's list and the dashboard's Active Alerts, of the audiences
 * the bell follows, most severe first, a group as one item; 'alerts:new' puts a new alert standing alone on top, and the alert notices reload it.
 */
export const latestAlertsQueryOptions = queryOptions({
  queryKey: queryKeys.latestAlerts,
  queryFn: () => apiGet<AlertItem[]>(queryKeys.latestAlerts[0]),
});
