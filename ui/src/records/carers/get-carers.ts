import type { CarerView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGetAll } from '../../shared/paged-list';
import { queryKeys } from '../../shared/query-keys';

/**
 * Every carer with its nested user, read page by page (GET /api/carers pages on the server): for the filters
 * and selects that must offer any carer. The carers screen itself reads a page at a time.
 */
export const carersQueryOptions = queryOptions({
  queryKey: queryKeys.allCarers,
  queryFn: () => apiGetAll<CarerView>('/api/carers'),
});
