import type { CarerView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGetAll } from '../../shared/paged-list';
import { queryKeys } from '../../shared/query-keys';

/** GET /api/carers (the same cache entry as the carers screen): names for the rota and the carer selects. */
export const schedulingCarersQueryOptions = queryOptions({
  queryKey: queryKeys.allCarers,
  queryFn: () => apiGetAll<CarerView>('/api/carers'),
});

export function carerDisplayName(carer: Pick<CarerView, 'user'>): string {
  return `${carer.user.firstName} ${carer.user.lastName}`.trim();
}
