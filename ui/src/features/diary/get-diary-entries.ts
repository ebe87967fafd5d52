import type { DiaryEntryView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGetAll } from '../../shared/paged-list';
import { DIARY_PATH } from './diary-query-keys';

/**
 * Every diary entry this user may read, newest entry date first, read page by page (GET /api/diary pages on the
 * server): for the Manage Care Operations screen, which filters them by its period bar. The diary screen itself
 * reads a page at a time.
 */
export const diaryEntriesQueryOptions = queryOptions({
  queryKey: [DIARY_PATH, 'all'] as const,
  queryFn: () => apiGetAll<DiaryEntryView>(DIARY_PATH),
});
