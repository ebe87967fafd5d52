import type { FeedbackStatus, FeedbackView } from '@care/events';
import type { Query, QueryClient } from '@tanstack/react-query';

/** GET /api/feedback; every query key of the feedback list starts with it (the live push reloads them all). */
export const FEEDBACK_LIST_PATH = '/api/feedback';

/** The list's URL, which is its query key's first element (the spec's loader convention). */
export const feedbackListPath = (status: FeedbackStatus | undefined): string =>
  status ? `${FEEDBACK_LIST_PATH}?status=${encodeURIComponent(status)}` : FEEDBACK_LIST_PATH;

const isFeedbackList = (query: Query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(FEEDBACK_LIST_PATH);

/** Reloads every feedback list on screen, whatever its status filter. */
export function invalidateFeedbackLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: isFeedbackList });
}

/**
 * Gives one item its new revision in every cached list at once, so a second change made before the lists
 * have reloaded is sent with the right If-Match instead of being refused as stale.
 */
export function setFeedbackRevision(queryClient: QueryClient, id: string, revision: string): void {
  queryClient.setQueriesData<FeedbackView[]>({ predicate: isFeedbackList }, (list) =>
    list?.map((item) => (item.id === id ? { ...item, revision } : item)),
  );
}
