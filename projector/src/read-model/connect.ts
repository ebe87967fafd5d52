import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { ReadModelDatabase } from './database';

// date columns come back as 'YYYY-MM-DD' text, never shifted through a JS Date in local time.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

export function createReadModelDb(pool: pg.Pool): Kysely<ReadModelDatabase> {
  return new Kysely<ReadModelDatabase>({ dialect: new PostgresDialect({ pool }) });
}
