import type { AlertCount } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { queryKeys } from '../../shared/query-keys';

/**
 * GET /api/alerts/count: the bell's figure (alerts nobody has acknowledged yet). Read once; from then on the
 * 'alerts:count' push writes it into this cache entry (shared/live.ts), so it is never polled or re-read.
 */
export const alertCountQueryOptions = queryOptions({
  queryKey: queryKeys.alertCount,
  queryFn: () => apiGet<AlertCount>(queryKeys.alertCount[0]),
});
