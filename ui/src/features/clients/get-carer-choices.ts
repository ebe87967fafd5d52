import type { CarerView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGetAll } from '../../shared/paged-list';
import { queryKeys } from '../../shared/query-keys';

/** A carer the client form offers as keyworker or preferred carer. */
export interface CarerChoice {
  id: string;
  label: string;
  isActive: boolean;
}

/**
 * GET /api/carers for the keyworker select and the preferred carers list. The same key as the carers screen,
 * so both share one cached list and one live reload.
 */
export const carerChoicesQueryOptions = queryOptions({
  queryKey: queryKeys.allCarers,
  queryFn: () => apiGetAll<CarerView>('/api/carers'),
  select: (carers): CarerChoice[] =>
    carers.map((carer) => ({
      id: carer.id,
      label: `${carer.user.firstName} ${carer.user.lastName} (${carer.employeeId})`,
      isActive: carer.isActive,
    })),
});
