import type { CarerView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { queryKeys } from '../../shared/query-keys';

/** Fallback until the live push arrives: count the active carers in GET /api/carers (shares its cache entry). */
export const activeCarerCountQueryOptions = queryOptions({
  queryKey: queryKeys.carers,
  queryFn: () => apiGet<CarerView[]>('/api/carers'),
  select: (carers) => carers.filter((carer) => carer.isActive).length,
});
