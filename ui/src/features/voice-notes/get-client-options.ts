import type { ClientView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';

/** The little of a client the recorder needs to offer it as the note's subject. */
export type ClientOption = Pick<ClientView, 'id' | 'firstName' | 'lastName'>;

/**
 * GET /api/clients, for the optional "Client" choice: the same URL (so the same cached list) as the clients
 * screen. Only active clients are offered, by surname.
 */
export const clientOptionsQueryOptions = queryOptions({
  queryKey: ['/api/clients'] as const,
  queryFn: () => apiGet<ClientView[]>('/api/clients'),
  select: (clients: ClientView[]): ClientOption[] =>
    clients
      .filter((client) => client.isActive)
      .map(({ id, firstName, lastName }) => ({ id, firstName, lastName }))
      .sort((a, b) => a.lastName.localeCompare(b.lastName, 'en-GB') || a.firstName.localeCompare(b.firstName, 'en-GB')),
});
