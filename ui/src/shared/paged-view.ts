import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from './api';
import { PAGE_SIZE, withParams } from './paged-list';

/** A list answered as one object (its rows, the server's count of them, and facts about the list as a whole). */
export interface RowsView<R> {
  readonly rows: readonly R[];
  readonly total: number;
}

/** The pages loaded so far as one view: the latest page's facts and count, with every row in order. */
export function mergedPages<R, V extends RowsView<R>>(pages: readonly V[]): V | undefined {
  const last = pages.at(-1);
  if (!last) return undefined;
  return { ...last, rows: pages.flatMap((page) => page.rows) };
}

/** Where the next page starts, or undefined once every row the server counts is loaded. */
export function nextRowsOffset<R>(last: RowsView<R>, pages: readonly RowsView<R>[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.rows.length, 0);
  return last.rows.length > 0 && loaded < last.total ? loaded : undefined;
}

/**
 * A list the server pages (`limit`, `offset`) but answers as one object rather than an array with X-Total-Count:
 * read a page at a time, shown as one view, with the next page on request (list-states.tsx's LoadMore). The key is
 * the list's path, so invalidating it reloads every page loaded so far.
 */
export function usePagedView<R, V extends RowsView<R>>(path: string) {
  const query = useInfiniteQuery({
    queryKey: [path],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => apiGet<V>(withParams(path, { limit: PAGE_SIZE, offset: pageParam })),
    getNextPageParam: (last: V, pages: V[]) => nextRowsOffset(last, pages),
    refetchOnMount: 'always',
  });
  return { ...query, view: mergedPages<R, V>(query.data?.pages ?? []) };
}
