import type { ProjectionStatusView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';

/** GET /api/status/projections (admin): every projection's health; refreshed every few seconds while shown. */
export const projectionStatusQueryOptions = queryOptions({
  queryKey: ['status', 'projections'] as const,
  queryFn: () => apiGet<ProjectionStatusView[]>('/api/status/projections'),
  refetchInterval: 5000,
  refetchOnMount: 'always',
});
