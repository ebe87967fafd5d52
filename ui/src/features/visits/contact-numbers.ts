import { can } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../../shared/current-user';
import { carersQueryOptions } from '../../records/carers/get-carers';
import { clientsQueryOptions } from '../../records/clients/get-clients';

export interface ContactNumbers {
  carer: (carerId: string | null) => string | undefined;
  client: (clientId: string) => string | undefined;
}

/** Phone numbers for Contact Carer / Contact Client, from the carer and client lists the user may read. */
export function useContactNumbers(): ContactNumbers {
  const role = useCurrentUser().role;
  const carers = useQuery({ ...carersQueryOptions, enabled: can(role, 'carers.read') });
  const clients = useQuery({ ...clientsQueryOptions, enabled: can(role, 'clients.read') });
  const carerPhones = new Map((carers.data ?? []).map((carer) => [carer.id, carer.phoneNumber?.trim() || undefined]));
  const clientPhones = new Map(
    (clients.data ?? []).map((client) => [client.id, client.phoneNumber?.trim() || undefined]),
  );
  return {
    carer: (carerId) => (carerId === null ? undefined : carerPhones.get(carerId)),
    client: (clientId) => clientPhones.get(clientId),
  };
}

/** A tel: link target: the digits and a leading +, as dialers expect. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
