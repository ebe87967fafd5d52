import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureDatabase, startEmbeddedPostgres, withDatabase } from '@care/events/server';
import { freePort } from '../scripts/free-port';

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

  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'care-bench-pg-'));
  // As root the server runs as the 'postgres' user, who must be able to reach the data folder.
  await chmod(tempDir, 0o755);
  try {
    const server = await startEmbeddedPostgres({
      dataDir: path.join(tempDir, 'data'),
      port: await freePort(),
      persistent: false,
      extraFlags: ['-c', 'max_connections=200'],
    });
    return databasesOn(server.url, 'embedded', async () => {
      await server.stop();
      await rm(tempDir, { recursive: true, force: true });
    });
  } catch (error) {
    await rm(tempDir, { recursive: true, force: true });
    throw error;
  }
}

function databasesOn(serverUrl: string, label: string, stopServer: () => Promise<void>): BenchPostgres {
  const runId = randomBytes(4).toString('hex');
  const created: string[] = [];
  return {
    label,
    async freshDatabase(purpose) {
      const name = `bench_${runId}_${purpose}`;
      created.push(name);
      return ensureDatabase(withDatabase(serverUrl, name));
    },
    async stop() {
      try {
        const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
        await admin.connect();
        try {
          // force: a connection some library still holds must not leave a database behind.
          for (const name of created) await admin.query(`drop database if exists "${name}" with (force)`);
        } finally {
          await admin.end();
        }
      } finally {
        await stopServer();
      }
    },
  };
}
