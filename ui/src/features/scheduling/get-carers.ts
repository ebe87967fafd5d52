import type { CarerView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { queryKeys } from '../../shared/query-keys';

/** GET /api/carers (the same cache entry as the carers screen): names for the rota and the carer selects. */
export const schedulingCarersQueryOptions = queryOptions({
  queryKey: queryKeys.carers,
  queryFn: () => apiGet<CarerView[]>('/api/carers'),
});

export function carerDisplayName(carer: Pick<CarerView, 'user'>): string {
  return `${carer.user.firstName} ${carer.user.lastName}`.trim();
}
