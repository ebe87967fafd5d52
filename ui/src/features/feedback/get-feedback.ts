import type { FeedbackStatus, FeedbackView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { feedbackListPath } from './feedback-list-key';

/** GET /api/feedback[?status=] (administrators): newest first. */
export function feedbackListQueryOptions(status: FeedbackStatus | undefined) {
  const path = feedbackListPath(status);
  return queryOptions({ queryKey: [path], queryFn: () => apiGet<FeedbackView[]>(path) });
}
