import type { FeedbackView } from '@care/events';
import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import type { ListPage } from '../../shared/api';

/** GET /api/feedback; every query key of the feedback list starts with it (the live push reloads them all). */
export const FEEDBACK_LIST_PATH = '/api/feedback';

const isFeedbackList = (query: Query) =>
  typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(FEEDBACK_LIST_PATH);

/** Reloads every feedback list on screen, whatever its status filter. */
export function invalidateFeedbackLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: isFeedbackList });
}

/**
 * Gives one item its new revision in every cached list at once, so a second change made before the lists
 * have reloaded is sent with the right If-Match instead of being refused as stale.
 */
export function setFeedbackRevision(queryClient: QueryClient, id: string, revision: string): void {
  const withRevision = (page: ListPage<FeedbackView>): ListPage<FeedbackView> => ({
    ...page,
    items: page.items.map((item) => (item.id === id ? { ...item, revision } : item)),
  });
  // The lists are pages loaded so far (an infinite query); the open count is one page.
  queryClient.setQueriesData<InfiniteData<ListPage<FeedbackView>> | ListPage<FeedbackView>>(
    { predicate: isFeedbackList },
    (data) =>
      data === undefined
        ? undefined
        : 'pages' in data
          ? { ...data, pages: data.pages.map(withRevision) }
          : withRevision(data),
  );
}
