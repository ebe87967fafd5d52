import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from '@care/events/server';

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
  const server = await startThrowawayPostgres([
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=400',
  ]);
  project.provide('databaseUrl', server.url);
  return () => server.stop();
}
