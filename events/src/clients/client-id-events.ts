import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';

const clientId = eventText(TEXT_LIMITS.reference);

/**
 * Client IDs (the agency's own reference, e.g. "CL-0001") are unique across clients. The write side enforces it with
 * one reservation stream per normalised ID: the first writer appends with expected "no stream", a racing second
 * writer gets a revision conflict (docs/decisions/0004-uniqueness-through-reservation-streams.md).
 */
export const ClientIdReserved = defineEvent('ClientIdReserved', 1, z.object({ clientId, id: z.uuid() }));
export const ClientIdReleased = defineEvent('ClientIdReleased', 1, z.object({ clientId, id: z.uuid() }));

export const clientIdEventDefinitions = [ClientIdReserved, ClientIdReleased] as const;
export type ClientIdEvent = EventOf<typeof clientIdEventDefinitions>;

/** Case and surrounding spaces do not make a different client ID. */
export function clientIdStreamId(clientId: string): string {
  return `client-id-${encodeURIComponent(clientId.trim().toLowerCase())}`;
}
