import { randomUUID } from 'node:crypto';
import {
  FORWARDS,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
  type EventStoreDBClient,
} from '@eventstore/db-client';
import { connectionLabel, type StoreIdentity } from '../store/store-identity';

/**
 * EventStoreDB keeps the store's id (store-identity.ts) as the first event of a stream of its own. Its type starts
 * with `$`, so the adapter's readers (which hand no `$` event to the application) never deliver it to a projection,
 * and the application cannot append one like it (append-checks.ts).
 */
const IDENTITY_STREAM = 'care-platform-store';
const IDENTITY_TYPE = '$care-store-identity';

async function readStoreId(client: EventStoreDBClient): Promise<string | undefined> {
  try {
    for await (const resolved of client.readStream(IDENTITY_STREAM, { fromRevision: START, direction: FORWARDS })) {
      const data = resolved.event?.data;
      if (typeof data === 'object' && data !== null && 'storeId' in data && typeof data.storeId === 'string') {
        return data.storeId;
      }
    }
  } catch (error) {
    if (error instanceof StreamNotFoundError) return undefined;
    throw error;
  }
  return undefined;
}

/** Reads the id, making it the first time; two processes starting at once agree on the first one written. */
export async function eventStoreDbIdentity(
  client: EventStoreDBClient,
  connectionString: string,
): Promise<StoreIdentity> {
  let id = await readStoreId(client);
  if (id === undefined) {
    await client
      .appendToStream(IDENTITY_STREAM, jsonEvent({ type: IDENTITY_TYPE, data: { storeId: randomUUID() } }), {
        expectedRevision: NO_STREAM,
      })
      .catch((error: unknown) => {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
      });
    id = await readStoreId(client);
  }
  if (id === undefined) throw new Error('EventStoreDB did not keep the store id it was given');
  return { kind: 'eventstoredb', id, label: `EventStoreDB at ${connectionLabel(connectionString)}` };
}
