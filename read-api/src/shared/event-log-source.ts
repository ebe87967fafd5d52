import type { EventStore } from '@care/events';

/**
 * Where the read API finds the event log, as configuration says (EVENTSTORE_URL), never guessed from which tables
 * exist: the PostgreSQL store's tables in this same database, read with SQL in the read's own transaction, or
 * EventStoreDB through the store's adapter.
 */
export type EventLogSource =
  | { readonly kind: 'postgres' }
  | { readonly kind: 'eventstoredb'; readonly store: EventStore };
