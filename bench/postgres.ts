import { startThrowawayPostgres } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';

/** The PostgreSQL server a bench run measures against, and a fresh database per measurement. */
export interface BenchPostgres {
  /** Describes the server for the report ("embedded" or the DATABASE_URL host). */
  readonly label: string;
  /** Creates an empty database for one measurement, so no measurement sees another's rows. */
  freshDatabase(purpose: string): Promise<string>;
  /** Drops every database this run created, then stops the embedded server (if any). */
  stop(): Promise<void>;
}

/**
 * DATABASE_URL when set (its server, our own databases), otherwise a throwaway embedded server.
 * Unlike the test setup, durability stays at PostgreSQL's defaults (fsync, synchronous_commit,
 * full_page_writes on): relaxed settings would make every commit-bound figure fiction.
 */
export async function startBenchPostgres(): Promise<BenchPostgres> {
  const external = process.env.DATABASE_URL;
  if (external) return databasesOn(external, 'DATABASE_URL', async () => undefined);
  const server = await startThrowawayPostgres(['-c', 'max_connections=200']);
  return databasesOn(server.url, 'embedded', () => server.stop());
}

function databasesOn(serverUrl: string, label: string, stopServer: () => Promise<void>): BenchPostgres {
  const created: TestDatabase[] = [];
  return {
    label,
    async freshDatabase(purpose) {
      const database = await createTestDatabase(serverUrl, `bench_${purpose}`);
      created.push(database);
      return database.url;
    },
    async stop() {
      try {
        for (const database of created) await database.drop();
      } finally {
        await stopServer();
      }
    },
  };
}
