import { clientIdStreamId, type ClientIdEvent } from '@care/events';
import type { ReservationKind } from '../shared/reservation';

export const CLIENT_ID_TAKEN = 'Client ID already exists';

/** Client IDs are unique across clients (see client-id-events.ts). */
export const clientIdReservation: ReservationKind<ClientIdEvent> = {
  streamId: clientIdStreamId,
  reserves: (event) => event.type === 'ClientIdReserved',
  ownerOf: (event) => event.data.id,
  reserved: (clientId, id) => ({ type: 'ClientIdReserved', data: { clientId, id } }),
  released: (clientId, id) => ({ type: 'ClientIdReleased', data: { clientId, id } }),
  taken: { message: CLIENT_ID_TAKEN, field: 'clientId' },
};
