import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger, createPool, OPS_SCHEMA, startHeartbeat } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';

/** `healthcheck <service>` as Docker runs it inside a service's container: its exit code and its one line. */
const run = promisify(execFile);
let database: TestDatabase;
let pool: pg.Pool;
let databaseUrlFile: string;
const log = createLogger('healthcheck-test', 'silent');

async function healthcheck(service: string, env: NodeJS.ProcessEnv = {}): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/healthcheck.ts', service], {
      env: { PATH: process.env.PATH, ...env },
      timeout: 60_000,
    });
    return { code: 0, output: `${stdout}${stderr}`.trim() };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}`.trim() };
  }
}

/** An HTTP service on a free port answering every request with `status`. */
async function serviceAnswering(status: number): Promise<{ port: number; server: Server }> {
  const server = createServer((_req, res) => res.writeHead(status).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server };
}

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'healthcheck');
  pool = createPool(database.url, { log });
  // The services read their database's address from a secret file in production: so does the check here.
  databaseUrlFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'healthcheck-')), 'database_url');
  writeFileSync(databaseUrlFile, `${database.url}\n`);
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

describe('the container health check', () => {
  it('passes a projector beating from this host, and fails once it is silent too long or has stopped', async () => {
    const env = { DATABASE_URL_FILE: databaseUrlFile };
    // Beating once now, then not again during the test: the test moves the beat back itself.
    const heartbeat = await startHeartbeat({ pool, service: 'projector', log, intervalMs: 600_000 });

    expect(await healthcheck('projector', env)).toEqual({ code: 0, output: 'projector is healthy' });

    await pool.query(
      `UPDATE ${OPS_SCHEMA}.service_heartbeats SET beat_at = now() - interval '1 minute' WHERE instance_id = $1`,
      [heartbeat.instanceId],
    );
    const silent = await healthcheck('projector', env);
    expect(silent.code).toBe(1);
    // A minute, and the moment the check itself took to start.
    expect(silent.output).toMatch(new RegExp(`^projector on ${os.hostname()} last beat 6\\d s ago$`));

    await heartbeat.stop();
    const stopped = await healthcheck('projector', env);
    expect(stopped).toEqual({ code: 1, output: `projector on ${os.hostname()} has stopped` });
  });

  it('fails the rules process while only another process, or another host, beats', async () => {
    const env = { DATABASE_URL_FILE: databaseUrlFile };
    const projector = await startHeartbeat({ pool, service: 'projector', log, intervalMs: 600_000 });
    const elsewhere = await startHeartbeat({ pool, service: 'rules', log, intervalMs: 600_000 });
    await pool.query(`UPDATE ${OPS_SCHEMA}.service_heartbeats SET host = 'another-container' WHERE instance_id = $1`, [
      elsewhere.instanceId,
    ]);

    expect(await healthcheck('rules', env)).toEqual({
      code: 1,
      output: `no rules heartbeat from ${os.hostname()} yet`,
    });
    await projector.stop();
    await elsewhere.stop();
  });

  it('passes the APIs and the UI server while they answer 2xx on their port, and fails them otherwise', async () => {
    const up = await serviceAnswering(200);
    const failing = await serviceAnswering(503);
    const gone = await serviceAnswering(200);
    await new Promise((resolve) => gone.server.close(resolve));
    try {
      expect(await healthcheck('command-api', { COMMAND_API_PORT: String(up.port) })).toEqual({
        code: 0,
        output: 'command-api is healthy',
      });
      expect(await healthcheck('ui-server', { UI_PORT: String(up.port) })).toMatchObject({ code: 0 });
      expect(await healthcheck('read-api', { READ_API_PORT: String(failing.port) })).toEqual({
        code: 1,
        output: `http://127.0.0.1:${failing.port}/health answered 503`,
      });
      const refused = await healthcheck('read-api', { READ_API_PORT: String(gone.port) });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`http://127.0.0.1:${gone.port}/health did not answer (`);
    } finally {
      up.server.close();
      failing.server.close();
    }
  });

  it('fails with the list of services when it is given none it knows', async () => {
    const unknown = await healthcheck('postgres');
    expect(unknown.code).toBe(1);
    expect(unknown.output).toBe(
      'Usage: healthcheck <service>, one of command-api, read-api, ui-server, projector, rules',
    );
  });
});
