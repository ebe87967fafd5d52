import type pg from 'pg';
import type { EventStore } from '@care/events';
import type { Logger } from '@care/events/server';

/** What a feature's command routes may use: the event store, PostgreSQL (auth and media schemas) and the logger. */
export interface CommandDeps {
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly logger: Logger;
}
