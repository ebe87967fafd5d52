import { can, type CarerView, type ClientView, type IncidentHandlerView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { fullName, useCurrentUser } from '../../shared/current-user';
import { apiGet } from '../../shared/api';
import { apiGetAll } from '../../shared/paged-list';
import { queryKeys } from '../../shared/query-keys';
import { INCIDENTS_PATH } from './get-incidents';

export interface Choice {
  readonly id: string;
  readonly label: string;
}

const byLabel = (a: Choice, b: Choice) => a.label.localeCompare(b.label, 'en-GB');

/** The clients the reader may name (a carer: those on their visits around today), by name. */
export function useClientChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/clients', 'all'] as const,
    queryFn: () => apiGetAll<ClientView>('/api/clients'),
    enabled,
    select: (clients: ClientView[]): Choice[] =>
      clients.map((client) => ({ id: client.id, label: `${client.firstName} ${client.lastName}` })).sort(byLabel),
  });
}

/** Every carer, for staff (carers.read); a carer names no other carer. */
export function useCarerChoices() {
  const role = useCurrentUser().role;
  return useQuery({
    queryKey: queryKeys.allCarers,
    queryFn: () => apiGetAll<CarerView>('/api/carers'),
    enabled: can(role, 'carers.read'),
    select: (carers: CarerView[]): Choice[] =>
      carers.map((carer) => ({ id: carer.id, label: fullName(carer.user) })).sort(byLabel),
  });
}

/** Whom an incident can be handed to by Escalate: the active administrators and coordinators. */
export function useIncidentHandlers(enabled: boolean) {
  return useQuery({
    queryKey: [`${INCIDENTS_PATH}/handlers`],
    queryFn: () => apiGet<IncidentHandlerView[]>(`${INCIDENTS_PATH}/handlers`),
    enabled,
    select: (people): Choice[] =>
      people.map((person) => ({ id: person.id, label: `${person.firstName} ${person.lastName} (${person.role})` })),
  });
}
