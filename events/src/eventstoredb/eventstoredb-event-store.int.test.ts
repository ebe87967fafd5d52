import { describe, it } from 'vitest';
import { describeEventStoreContract } from '../testing';
import { EventStoreDBEventStore } from './eventstoredb-event-store';

const url = process.env.EVENTSTORE_URL;

if (url) {
  describeEventStoreContract(`EventStoreDB (${url})`, () => EventStoreDBEventStore.connect(url));
} else {
  console.warn(
    'EventStoreDB contract suite SKIPPED: set EVENTSTORE_URL (e.g. esdb://localhost:2113?tls=false) to run it.',
  );
  describe('EventStore contract: EventStoreDB', () => {
    it.skip('SKIPPED: EVENTSTORE_URL is not set, so there is no EventStoreDB to run the contract against', () => {});
  });
}
