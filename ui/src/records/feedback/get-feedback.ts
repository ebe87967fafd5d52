import type { FeedbackSort, FeedbackStatus, FeedbackView, ListOrder } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGetPage } from '../../shared/api';
import { usePagedList } from '../../shared/paged-list';
import { FEEDBACK_LIST_PATH } from './feedback-list-key';

/** GET /api/feedback[?status=&sort=&direction=] (administrators): sorted on the server (the whole list), a page at a time. */
export function useFeedbackList(status: FeedbackStatus | undefined, order: ListOrder<FeedbackSort>) {
  return usePagedList<FeedbackView>(FEEDBACK_LIST_PATH, { status, sort: order.sort, direction: order.direction });
}

/** How many items are open, whichever status the list shows: the X-Total-Count of a one-row page. */
export const openFeedbackCountQueryOptions = queryOptions({
  queryKey: [FEEDBACK_LIST_PATH, 'openCount'] as const,
  queryFn: () => apiGetPage<FeedbackView>(`${FEEDBACK_LIST_PATH}?status=open&limit=1`),
  select: (page) => page.total,
});
