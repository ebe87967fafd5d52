import type { CarerView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGetPage } from './api';
import { queryKeys } from './query-keys';

const ACTIVE_COUNT_PATH = '/api/carers?active=true&limit=1';

/** Fallback until the live push arrives: the X-Total-Count of GET /api/carers?active=true. */
export const activeCarerCountQueryOptions = queryOptions({
  queryKey: [queryKeys.carers[0], 'activeCount'] as const,
  queryFn: () => apiGetPage<CarerView>(ACTIVE_COUNT_PATH),
  select: (page) => page.total,
});
