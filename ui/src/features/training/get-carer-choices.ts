import type { CarerView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { queryKeys } from '../../shared/query-keys';

/** GET /api/carers, for the form's carer select (the same cache entry as the carers screen's list). */
export const carerChoicesQueryOptions = queryOptions({
  queryKey: queryKeys.carers,
  queryFn: () => apiGet<CarerView[]>('/api/carers'),
});
