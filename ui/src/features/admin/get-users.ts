import type { ListOrder, UserSort, UserView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGetPage } from '../../shared/api';
import { usePagedList } from '../../shared/paged-list';
import { queryKeys } from '../../shared/query-keys';

/** GET /api/users (admin): accounts active or not, sorted on the server (the whole list, not the page), a page at a time. */
export function useUsersList(order: ListOrder<UserSort>) {
  return usePagedList<UserView>(queryKeys.users[0], { sort: order.sort, direction: order.direction });
}

/** How many accounts are active: the X-Total-Count of a one-row page of GET /api/users?active=true. */
export const activeUserCountQueryOptions = queryOptions({
  queryKey: [queryKeys.users[0], 'activeCount'] as const,
  queryFn: () => apiGetPage<UserView>(`${queryKeys.users[0]}?active=true&limit=1`),
  select: (page) => page.total,
});
