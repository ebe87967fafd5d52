import type pg from 'pg';
import type { EventStore } from '../store/event-store';
import { connectionLabel, type StoreKind } from '../store/store-identity';
import type { AnnounceLog } from '../postgres/append-announcer';
import type { EventStoreDBLog } from '../eventstoredb/eventstoredb-event-store';
import { NoEventLogError, PostgresEventStore } from '../postgres/postgres-event-store';
import type { Logger } from './logger';
import { StoreMismatchError, checkConfiguredKind, checkStoreBinding } from './store-binding';

export interface EventStoreConfig {
  /** PostgreSQL: the default store, and always the home of the read models. */
  readonly databaseUrl: string;
  /** When set, events go to EventStoreDB instead (docs/decisions/0002-postgresql-and-eventstoredb-stores.md). */
  readonly eventStoreUrl?: string | undefined;
  /** The service's logger: the PostgreSQL store's failed wake-up notifications, EventStoreDB's outages. */
  readonly log?: (AnnounceLog & EventStoreDBLog) | undefined;
}

/** The store as configuration names it, before it is opened. */
export function configuredStore(config: Pick<EventStoreConfig, 'eventStoreUrl'>): {
  readonly kind: StoreKind;
  readonly label: string;
} {
  return config.eventStoreUrl
    ? { kind: 'eventstoredb', label: `EventStoreDB at ${connectionLabel(config.eventStoreUrl)}` }
    : { kind: 'postgres', label: 'the PostgreSQL event store in this database' };
}

/**
 * Opens the configured store without looking at which store the read models were built from: for tests and the
 * bench, which make their own databases. Services and tools open theirs with `openEventStore`.
 */
export async function createEventStore(
  config: EventStoreConfig,
  pool?: pg.Pool,
  { create = true }: { readonly create?: boolean } = {},
): Promise<EventStore> {
  if (config.eventStoreUrl) {
    // Loaded only when asked for: the gRPC client is heavy and unused on the default path.
    const { EventStoreDBEventStore } = await import('../eventstoredb/eventstoredb-event-store');
    return EventStoreDBEventStore.connect(config.eventStoreUrl, { log: config.log });
  }
  return PostgresEventStore.connect(pool ?? config.databaseUrl, { ...(config.log && { log: config.log }), create });
}

export interface OpenEventStoreOptions {
  /** The process or tool opening it ("the command API", "npm run rebuild"): named in refusals and the binding. */
  readonly who: string;
  /** A pool on the read-model database (DATABASE_URL), where the binding is kept. */
  readonly readModels: pg.Pool;
  /** The PostgreSQL store shares this pool instead of opening its own (the projector's). */
  readonly sharePool?: boolean;
  /**
   * Services (default true) create an empty PostgreSQL log on the very first start and bind an unbound database to
   * their store. Tools (false) only open a log that exists and bind nothing.
   */
  readonly create?: boolean;
}

/**
 * Opens the configured store for a service or tool, after checking it is the one the read-model database was built
 * from (store-binding.ts): a different kind is refused before anything is opened or created, a different store of
 * the same kind as soon as its id is read.
 */
export async function openEventStore(
  config: EventStoreConfig,
  { who, readModels, sharePool = false, create = true }: OpenEventStoreOptions,
): Promise<EventStore> {
  await checkConfiguredKind(readModels, configuredStore(config), who);
  const store = await createEventStore(config, sharePool ? readModels : undefined, { create });
  try {
    await checkStoreBinding(readModels, await store.identity(), { who, claim: create });
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/** A refusal to open the store is the whole story: said once, plainly, and the process ends with status 2. */
export function refuseStore(log: Pick<Logger, 'fatal'>) {
  return (error: unknown): never => {
    if (error instanceof StoreMismatchError || error instanceof NoEventLogError) {
      log.fatal(error.message);
      process.exit(2);
    }
    throw error;
  };
}
