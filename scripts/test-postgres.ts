import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '@care/events/server';
import { freePort } from './free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server-level URL; each test file creates its own database on it (events/src/testing). */
    databaseUrl: string;
  }
}

/**
 * Real PostgreSQL for the whole run: DATABASE_URL when set, otherwise a throwaway embedded
 * server. Durability settings are relaxed for speed only here, never for the product.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('databaseUrl', process.env.DATABASE_URL);
    return;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'care-test-pg-'));
  await chmod(dataDir, 0o755); // as root, the server runs as the 'postgres' user, who must reach it
  const server = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, 'data'),
    port: await freePort(),
    persistent: false,
    extraFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=400'],
  });
  project.provide('databaseUrl', server.url);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
