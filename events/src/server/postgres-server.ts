import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresAccount, type PostgresAccount } from './postgres-account';
import { postgresBinaries } from './postgres-binaries';
import { placeDataDir } from './postgres-data-dir';
import { freePort } from './ports';

export interface PostgresServer {
  /** Connection URL of the server's default database. */
  readonly url: string;
  /** The folder the cluster's files are in (as root, possibly where the requested folder links to). */
  readonly dataDir: string;
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
const READY = 'database system is ready to accept connections';

/**
 * Real PostgreSQL binaries shipped inside the npm package (docs/decisions/0005-embedded-postgresql.md), run by us: a
 * data folder that already holds a cluster is reused. As root, the cluster runs as the 'postgres' system account,
 * because PostgreSQL refuses to run as root; that account is given binaries and a data folder it can reach even when
 * the checkout sits in a folder only root may enter (postgres-binaries.ts, postgres-data-dir.ts).
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<PostgresServer> {
  const log = options.onLog ?? (() => undefined);
  const account = await postgresAccount();
  const binaries = await postgresBinaries(account);
  const requested = path.resolve(options.dataDir);
  const dataDir = await placeDataDir(requested, account);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initdb(binaries.initdb, dataDir, account, log);
  const server = await runPostgres(
    binaries.postgres,
    ['-D', dataDir, '-p', String(options.port), '-c', 'listen_addresses=127.0.0.1', ...(options.extraFlags ?? [])],
    account,
    log,
  );
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
    dataDir,
    async stop() {
      await server.stop();
      if (!options.persistent)
        await Promise.all([
          rm(dataDir, { recursive: true, force: true }),
          rm(requested, { recursive: true, force: true }),
        ]);
    },
  };
}

function spawnAs(account: PostgresAccount | undefined, binary: string, args: readonly string[]): ChildProcess {
  return spawn(binary, args, {
    ...(account ? { uid: account.uid, gid: account.gid } : {}),
    cwd: '/', // the account may not be allowed into ours
    env: { ...process.env, LC_MESSAGES: 'C' }, // we read its messages (READY)
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function initdb(
  binary: string,
  dataDir: string,
  account: PostgresAccount | undefined,
  log: (message: string) => void,
): Promise<void> {
  // Beside the data folder: a place the account can read by construction (a temp folder may not be).
  const passwordFile = path.join(path.dirname(dataDir), `.pg-password-${randomUUID()}`);
  await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (account) await chown(passwordFile, account.uid, account.gid);
  try {
    const args = [
      `--pgdata=${dataDir}`,
      '--auth=scram-sha-256',
      `--username=${USER}`,
      `--pwfile=${passwordFile}`,
      '--encoding=UTF8',
      '--locale=C',
    ];
    const child = spawnAs(account, binary, args);
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      log(chunk.toString());
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        code === 0
          ? resolve()
          : reject(new Error(`initdb failed (${signal ?? `exit code ${code}`}):\n${output.slice(-3000)}`)),
      );
    });
  } finally {
    await rm(passwordFile, { force: true });
  }
}

/** Starts the postmaster and resolves once it accepts connections; it is stopped with the process at the latest. */
function runPostgres(
  binary: string,
  args: readonly string[],
  account: PostgresAccount | undefined,
  log: (message: string) => void,
): Promise<{ stop(): Promise<void> }> {
  const child = spawnAs(account, binary, args);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stopWithUs = () => child.kill('SIGINT');
  process.once('exit', stopWithUs);
  const stop = async () => {
    process.off('exit', stopWithUs);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT'); // fast shutdown
    await exited;
  };
  return new Promise((resolve, reject) => {
    let startup = '';
    let ready = false;
    child.stdout?.on('data', (chunk: Buffer) => log(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => {
      log(chunk.toString());
      if (ready) return;
      startup = (startup + chunk.toString()).slice(-4000);
      if (startup.includes(READY)) {
        ready = true;
        resolve({ stop });
      }
    });
    child.once('error', (error) => {
      process.off('exit', stopWithUs);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      process.off('exit', stopWithUs);
      if (!ready)
        reject(new Error(`PostgreSQL stopped while starting (${signal ?? `exit code ${code}`}):\n${startup}`));
    });
  });
}

/**
 * A server in a new temporary folder on a free port, deleted again by stop(): for the test
 * run and the bench, which pass their own settings (tests relax durability, the bench must not).
 */
export async function startThrowawayPostgres(extraFlags: readonly string[]): Promise<PostgresServer> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'care-pg-'));
  await chmod(tempDir, 0o755); // as root, the server runs as the 'postgres' user, who must reach it
  try {
    const server = await startEmbeddedPostgres({
      dataDir: path.join(tempDir, 'data'),
      port: await freePort(),
      persistent: false,
      extraFlags,
    });
    return {
      url: server.url,
      dataDir: server.dataDir,
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
  // A broken connection fails the query below; unhandled, its 'error' event would end the process instead.
  client.on('error', () => undefined);
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
