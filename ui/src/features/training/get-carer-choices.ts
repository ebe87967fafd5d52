import type { CarerView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGetAll } from '../../shared/paged-list';
import { queryKeys } from '../../shared/query-keys';

/** GET /api/carers, for the form's carer select (the same cache entry as the carers screen's list). */
export const carerChoicesQueryOptions = queryOptions({
  queryKey: queryKeys.allCarers,
  queryFn: () => apiGetAll<CarerView>('/api/carers'),
});
