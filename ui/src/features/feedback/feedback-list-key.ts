import type { FeedbackStatus } from '@care/events';
import type { QueryClient } from '@tanstack/react-query';

/** GET /api/feedback; every query key of the feedback list starts with it (the live push reloads them all). */
export const FEEDBACK_LIST_PATH = '/api/feedback';

/** The list's URL, which is its query key's first element (the spec's loader convention). */
export const feedbackListPath = (status: FeedbackStatus | undefined): string =>
  status ? `${FEEDBACK_LIST_PATH}?status=${encodeURIComponent(status)}` : FEEDBACK_LIST_PATH;

/** Reloads every feedback list on screen, whatever its status filter. */
export function invalidateFeedbackLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(FEEDBACK_LIST_PATH),
  });
}
