import type { CarerView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { queryKeys } from '../../shared/query-keys';

/** GET /api/carers: every carer with its nested user. */
export const carersQueryOptions = queryOptions({
  queryKey: queryKeys.carers,
  queryFn: () => apiGet<CarerView[]>('/api/carers'),
});
