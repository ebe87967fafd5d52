import { Kysely, Migrator, PostgresDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations';
import type { ReadModelDatabase } from './database';

// date columns come back as 'YYYY-MM-DD' text, never shifted through a JS Date in local time.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

export function createReadModelDb(pool: pg.Pool): Kysely<ReadModelDatabase> {
  return new Kysely<ReadModelDatabase>({ dialect: new PostgresDialect({ pool }) });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings `schema` to the latest read-model version; serialised across processes by kysely's lock. */
export async function migrateReadModel(db: Kysely<ReadModelDatabase>, schema: string): Promise<void> {
  await db.schema.createSchema(schema).ifNotExists().execute();
  const migrator = new Migrator({
    db: db.withSchema(schema),
    provider,
    migrationTableSchema: schema,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
