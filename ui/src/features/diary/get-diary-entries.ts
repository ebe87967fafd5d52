import type { DiaryEntryView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { diaryKeys } from './diary-query-keys';

/** GET /api/diary: the entries this user may read, newest entry date first, with client and carer names. */
export const diaryEntriesQueryOptions = queryOptions({
  queryKey: diaryKeys.list,
  queryFn: () => apiGet<DiaryEntryView[]>(diaryKeys.list[0]),
});
