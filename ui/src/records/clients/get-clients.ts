import type { ClientView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGetPage } from '../../shared/api';
import { apiGetAll } from '../../shared/paged-list';

/** The list's URL first (the default loader's convention; the live push reloads keys starting with it). */
export const clientsQueryKey = ['/api/clients'] as const;

/** How many clients there are in all (the subtitle): the X-Total-Count of the first page of one. */
export const clientCountQueryOptions = queryOptions({
  queryKey: [clientsQueryKey[0], 'count'] as const,
  queryFn: () => apiGetPage<ClientView>(`${clientsQueryKey[0]}?limit=1`),
  select: (page) => page.total,
});

/**
 * Every client, read page by page: for the filters and selects that must offer any client. The clients screen
 * itself reads a page at a time.
 */
export const clientsQueryOptions = queryOptions({
  queryKey: [clientsQueryKey[0], 'all'] as const,
  queryFn: () => apiGetAll<ClientView>(clientsQueryKey[0]),
});
