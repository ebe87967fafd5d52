import { EXPIRING_SOON_DAYS, type TrainingTab, type TrainingView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiGetPage } from '../../shared/api';
import { withParams } from '../../shared/paged-list';
import { TRAINING_PATH } from './reload-training';

const EXPIRING_PATH = `${TRAINING_PATH}?expiring=${EXPIRING_SOON_DAYS}`;

/**
 * GET /api/training?expiring=30: how many records expire within the window, for the
 * notice (the X-Total-Count of a one-row page).
 */
export const expiringTrainingQueryOptions = queryOptions({
  queryKey: [EXPIRING_PATH, 'count'] as const,
  queryFn: () => apiGetPage<TrainingView>(`${EXPIRING_PATH}&limit=1`),
  select: (page) => page.total,
});

/** GET /api/training/tab-counts?search=: how many of the matching records each tab holds (the tab labels). */
export function trainingTabCountsQueryOptions(search: string) {
  const path = withParams(`${TRAINING_PATH}/tab-counts`, { search });
  return queryOptions({
    queryKey: [path] as const,
    queryFn: () => apiGet<Record<TrainingTab, number>>(path),
  });
}
