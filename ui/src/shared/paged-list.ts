import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiGetPage, type ListPage } from './api';

/** Rows a screen asks for at once (the read API's default page). */
export const PAGE_SIZE = 50;
/** The largest page the read API gives: selects that offer every record read page by page at this size. */
const SELECT_PAGE_SIZE = 500;
/** Search as you type: the request goes once the user pauses this long. */
const SEARCH_DEBOUNCE_MS = 250;

/** `path?name=value&…` with the blank values left out. */
export function withParams(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== '') query.set(name, String(value));
  const text = query.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

function sameApartFromSearch(a: Record<string, string | undefined>, b: Record<string, string | undefined>): boolean {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  names.delete('search');
  return [...names].every((name) => a[name] === b[name]);
}

/** `value`, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A list the server searches, filters and pages (`limit`, `offset`, `X-Total-Count`). The key starts with the
 * list's URL, so a command's invalidation and the live push reload every page loaded so far.
 */
export function usePagedList<T>(
  path: string,
  params: Record<string, string | undefined>,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const query = useInfiniteQuery({
    queryKey: [path, params] as const,
    enabled,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => apiGetPage<T>(withParams(path, { ...params, limit: PAGE_SIZE, offset: pageParam })),
    // While the next search's first page loads, the last answer stays on screen (search as you type); another
    // filter or tab shows as loading instead, so no row appears under a filter it does not match.
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameApartFromSearch(previousQuery.queryKey[1], params) ? keepPreviousData(previous) : undefined,
    getNextPageParam: (last: ListPage<T>, pages: ListPage<T>[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const total = pages.at(-1)?.total;
  // The filters the rows on screen answer (the previous ones while a new search loads), for the empty state's words.
  const answered = useRef(params);
  if (!query.isPlaceholderData) answered.current = params;
  return { ...query, items, total, answered: answered.current };
}

/**
 * Every record of a list, read page by page: for selects that must offer any carer or client. Nothing is cut
 * off: it reads until it has as many as the server counts.
 */
export async function apiGetAll<T>(path: string): Promise<T[]> {
  const all: T[] = [];
  for (;;) {
    const { items, total } = await apiGetPage<T>(withParams(path, { limit: SELECT_PAGE_SIZE, offset: all.length }));
    all.push(...items);
    if (items.length === 0 || all.length >= total) return all;
  }
}
