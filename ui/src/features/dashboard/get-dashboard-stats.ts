import type { DashboardStats } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { queryKeys } from '../../shared/query-keys';

/**
 * GET /api/dashboard/stats: every figure of the dashboard for what the caller may read. Read once; from then on the
 * 'dashboard:stats' push writes the new figures into this cache entry (shared/live.ts): no polling, no re-read.
 */
export const dashboardStatsQueryOptions = queryOptions({
  queryKey: queryKeys.dashboardStats,
  queryFn: () => apiGet<DashboardStats>(queryKeys.dashboardStats[0]),
});
