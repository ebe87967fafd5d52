import { clientCarePlanStreamId, parseRecordedEvent, type ClientCarePlanEvent, type EventStore } from '@care/events';
import { evolveReservation, initialReservationState, type ReservationKind } from '../shared/reservation';

export const CLIENT_HAS_PLAN = 'This client already has a care plan in use';

/** One plan in use (active or under review) per client: see ClientCarePlanClaimed. */
export const clientCarePlanReservation: ReservationKind<ClientCarePlanEvent> = {
  streamId: clientCarePlanStreamId,
  reserves: (event) => event.type === 'ClientCarePlanClaimed',
  ownerOf: (event) => event.data.carePlanId,
  reserved: (clientId, carePlanId) => ({ type: 'ClientCarePlanClaimed', data: { clientId, carePlanId } }),
  released: (clientId, carePlanId) => ({ type: 'ClientCarePlanReleased', data: { clientId, carePlanId } }),
  taken: { message: CLIENT_HAS_PLAN, field: 'clientId' },
};

/** The id of the client's plan in use, from the write side (the command API never asks the read models). */
export async function carePlanInUseOf(store: EventStore, clientId: string): Promise<string | null> {
  const events = (await store.readStream(clientCarePlanStreamId(clientId))).map(
    parseRecordedEvent,
  ) as unknown as ClientCarePlanEvent[];
  return events.reduce(
    (state, event) => evolveReservation(clientCarePlanReservation, state, event),
    initialReservationState,
  ).holder;
}
