import type pg from 'pg';
import type { EventStore } from '../store/event-store';
import type { AnnounceLog } from '../postgres/append-announcer';
import { PostgresEventStore } from '../postgres/postgres-event-store';

export interface EventStoreConfig {
  /** PostgreSQL: the default store, and always the home of the read models. */
  readonly databaseUrl: string;
  /** When set, events go to EventStoreDB instead (docs/decisions/0002-postgresql-and-eventstoredb-stores.md). */
  readonly eventStoreUrl?: string | undefined;
  /** The service's logger, for the PostgreSQL store's failed wake-up notifications. */
  readonly log?: AnnounceLog | undefined;
}

export async function createEventStore(config: EventStoreConfig, pool?: pg.Pool): Promise<EventStore> {
  if (config.eventStoreUrl) {
    // Loaded only when asked for: the gRPC client is heavy and unused on the default path.
    const { EventStoreDBEventStore } = await import('../eventstoredb/eventstoredb-event-store');
    return EventStoreDBEventStore.connect(config.eventStoreUrl);
  }
  return PostgresEventStore.connect(pool ?? config.databaseUrl, config.log ? { log: config.log } : {});
}
