import type { DiaryEntryVersionView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { diaryKeys } from '../../records/diary/diary-query-keys';

/** GET /api/diary/{id}/history: every version of an entry, oldest first (who, when, what changed). */
export const diaryHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: diaryKeys.history(id),
    queryFn: () => apiGet<DiaryEntryVersionView[]>(diaryKeys.history(id)[0]),
  });
