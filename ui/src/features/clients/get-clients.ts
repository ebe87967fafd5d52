import type { ClientView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';

/** The list's URL first (spec section 7's loader convention; the live push reloads keys starting with it). */
export const clientsQueryKey = ['/api/clients'] as const;

/** GET /api/clients: every client with the nested keyworkerCarer.user, sorted by surname. */
export const clientsQueryOptions = queryOptions({
  queryKey: clientsQueryKey,
  queryFn: () => apiGet<ClientView[]>('/api/clients'),
});
