import type { ClientView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGetAll } from '../../shared/paged-list';

/** The little of a client the recorder needs to offer it as the note's subject. */
export type ClientOption = Pick<ClientView, 'id' | 'firstName' | 'lastName'>;

/**
 * Every client (GET /api/clients page by page), for the optional "Client" choice. Only active clients are offered, by surname.
 */
export const clientOptionsQueryOptions = queryOptions({
  queryKey: ['/api/clients', 'all'] as const,
  queryFn: () => apiGetAll<ClientView>('/api/clients'),
  select: (clients: ClientView[]): ClientOption[] =>
    clients
      .filter((client) => client.isActive)
      .map(({ id, firstName, lastName }) => ({ id, firstName, lastName }))
      .sort((a, b) => a.lastName.localeCompare(b.lastName, 'en-GB') || a.firstName.localeCompare(b.firstName, 'en-GB')),
});
