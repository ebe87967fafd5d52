import { carerStreamId, clientStreamId, type CarerEvent, type ClientEvent, type EventStore } from '@care/events';
import { evolve as evolveCarer, initialCarerState, type CarerState } from '../carers/carer-state';
import { evolve as evolveClient, initialClientState, type ClientState } from '../clients/client-state';
import { DomainError } from '../shared/domain-error';
import { loadStream } from '../shared/event-stream';

export type BookableCarer = Extract<CarerState, { exists: true }>;
export type BookableClient = Extract<ClientState, { exists: true }>;

/** The carer and client of a visit, read from their own streams (never from a read model). */
export async function loadCarer(store: EventStore, carerId: string): Promise<CarerState> {
  return (await loadStream<CarerEvent, CarerState>(store, carerStreamId(carerId), evolveCarer, initialCarerState))
    .state;
}

export async function loadClient(store: EventStore, clientId: string): Promise<ClientState> {
  return (await loadStream<ClientEvent, ClientState>(store, clientStreamId(clientId), evolveClient, initialClientState))
    .state;
}

/** Only an existing, active carer can be booked; the refusal is shown under the form's carer field. */
export function bookableCarer(state: CarerState): BookableCarer {
  if (!state.exists || state.removed) throw new DomainError('invalid', 'Carer not found', 'carerId');
  if (!state.isActive) throw new DomainError('invalid', 'Carer is inactive', 'carerId');
  return state;
}

export function bookableClient(state: ClientState): BookableClient {
  if (!state.exists || state.removed) throw new DomainError('invalid', 'Client not found', 'clientId');
  if (!state.isActive) throw new DomainError('invalid', 'Client is inactive', 'clientId');
  return state;
}

export const carerName = (carer: BookableCarer): string => `${carer.profile.firstName} ${carer.profile.lastName}`;
