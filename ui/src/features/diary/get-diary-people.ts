import type { CarerView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGetAll } from '../../shared/paged-list';
import { diaryKeys } from '../../records/diary/diary-query-keys';

/** What the client select needs of GET /api/clients items. */
export interface DiaryClientOption {
  id: string;
  clientId: string;
  firstName: string;
  lastName: string;
}

/** GET /api/carers: every carer for admins and coordinators; a carer gets only their own record. */
export const diaryCarersQueryOptions = queryOptions({
  queryKey: diaryKeys.carers,
  queryFn: () => apiGetAll<CarerView>(diaryKeys.carers[0]),
});

/** GET /api/clients. */
export const diaryClientsQueryOptions = queryOptions({
  queryKey: diaryKeys.clients,
  queryFn: () => apiGetAll<DiaryClientOption>(diaryKeys.clients[0]),
});
