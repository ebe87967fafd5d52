import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { z } from 'zod';
import {
  createLogger,
  createPool,
  databaseUrl,
  HEARTBEAT_STALE_MS,
  OPS_SCHEMA,
  parseEnv,
  port,
} from '@care/events/server';

/**
 * A container's health check (docker-compose.yml): `node dist/healthcheck.mjs <service>` exits 0 when the service
 * of this container works, and 1 with one line saying why when it does not. Docker runs it inside the service's own
 * container, so it sees the service's settings (its port, DATABASE_URL or DATABASE_URL_FILE) and its host name.
 * - command-api and read-api answer GET /health; the UI server its home page.
 * - The projector and the rules process answer no HTTP. Each beats into ops.service_heartbeats every 5 s, naming
 *   its host (events/src/server/ops.ts); the newest beat from this host must be younger than the System Status tab
 *   allows before it shows a process down. A process that is stuck, or lost its database, stops beating.
 */
export const CHECKED_SERVICES = ['command-api', 'read-api', 'ui-server', 'projector', 'rules'] as const;
export type CheckedService = (typeof CHECKED_SERVICES)[number];

const envSchema = z.object({
  COMMAND_API_PORT: port(3001),
  READ_API_PORT: port(3002),
  UI_PORT: port(3000),
  DATABASE_URL: databaseUrl.optional(),
});

const HTTP_TIMEOUT_MS = 3_000;

/** Why the address does not answer 2xx; null when it does. */
export async function httpProblem(url: string): Promise<string | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(HTTP_TIMEOUT_MS), redirect: 'manual' });
    await response.body?.cancel();
    return response.ok ? null : `${url} answered ${response.status}`;
  } catch (error) {
    // fetch names the network's reason (connection refused, timed out) in the error's cause.
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return `${url} did not answer (${reason instanceof Error ? reason.message : String(reason)})`;
  }
}

/** Why the service's newest heartbeat from this host is not a live one; null when it is. */
export async function heartbeatProblem(pool: pg.Pool, service: string, host: string): Promise<string | null> {
  const { rows } = await pool.query<{ silent_ms: number; stopped: boolean }>(
    `SELECT (extract(epoch FROM now() - beat_at) * 1000)::float8 AS silent_ms, stopped_at IS NOT NULL AS stopped
       FROM ${OPS_SCHEMA}.service_heartbeats
      WHERE service = $1 AND host = $2
      ORDER BY started_at DESC
      LIMIT 1`,
    [service, host],
  );
  const newest = rows[0];
  if (!newest) return `no ${service} heartbeat from ${host} yet`;
  if (newest.stopped) return `${service} on ${host} has stopped`;
  if (newest.silent_ms > HEARTBEAT_STALE_MS)
    return `${service} on ${host} last beat ${Math.round(newest.silent_ms / 1000)} s ago`;
  return null;
}

/** Why the service is not healthy; null when it is. */
export async function healthProblem(
  service: CheckedService,
  env: z.output<typeof envSchema>,
  host = os.hostname(),
): Promise<string | null> {
  switch (service) {
    case 'command-api':
      return httpProblem(`http://127.0.0.1:${env.COMMAND_API_PORT}/health`);
    case 'read-api':
      return httpProblem(`http://127.0.0.1:${env.READ_API_PORT}/health`);
    case 'ui-server':
      return httpProblem(`http://127.0.0.1:${env.UI_PORT}/`);
    case 'projector':
    case 'rules': {
      if (!env.DATABASE_URL) return `DATABASE_URL is not set: the ${service} heartbeat cannot be read`;
      const pool = createPool(env.DATABASE_URL, { max: 1, log: createLogger('healthcheck', 'silent') });
      try {
        return await heartbeatProblem(pool, service, host);
      } finally {
        await pool.end();
      }
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const service = z.enum(CHECKED_SERVICES).safeParse(process.argv[2]);
  if (!service.success) {
    console.error(`Usage: healthcheck <service>, one of ${CHECKED_SERVICES.join(', ')}`);
    process.exit(1);
  }
  try {
    const problem = await healthProblem(service.data, parseEnv(envSchema));
    console.log(problem ?? `${service.data} is healthy`);
    process.exit(problem === null ? 0 : 1);
  } catch (error) {
    console.log(`${service.data} is unhealthy: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
