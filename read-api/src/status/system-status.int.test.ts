import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { OutboxMessageView, SystemStatusView } from '@care/events';
import { createLogger, LatencyRecorder, OPS_SCHEMA, recordJobRun, startHeartbeat } from '@care/events/server';
import { createReadModelDb } from '@care/projector';
import { createReadApi, type ReadApi } from '../app';
import { enqueueMail, ensureMailSchema } from '@care/command-api/testing';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

let stack: ReadStack;
let withLogs: ReadApi;
let withLogsUrl: string;
let logDir: string;

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'system_status');
  logDir = await mkdtemp(path.join(os.tmpdir(), 'care-logs-'));
  const now = Date.now();
  await writeFile(
    path.join(logDir, 'command-api.log'),
    [
      JSON.stringify({ level: 30, time: now - 48 * 3600_000, msg: 'two days ago' }),
      JSON.stringify({ level: 40, time: now - 3600_000, msg: 'an hour ago' }),
      'not json: a stack trace line',
      '',
    ].join('\n'),
  );
  await writeFile(
    path.join(logDir, 'read-api.log'),
    `${JSON.stringify({ level: 30, time: now - 60_000, msg: 'a minute ago' })}\n`,
  );
  withLogs = await createReadApi({
    pool: stack.pool,
    db: createReadModelDb(stack.pool),
    log: createLogger('test', 'silent'),
    logDir,
  });
  await new Promise<void>((resolve) => withLogs.server.listen(0, '127.0.0.1', resolve));
  withLogsUrl = `http://127.0.0.1:${(withLogs.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await withLogs?.close();
  await stack?.stop();
  await rm(logDir, { recursive: true, force: true });
});

const status = async (): Promise<SystemStatusView> => {
  const response = await fetch(`${stack.readUrl}/api/status/system`, {
    headers: { cookie: stack.command.admin.cookie },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as SystemStatusView;
};

describe('GET /api/status/system', () => {
  it('lists each beating process up, one silent for 30 s down, one stopped cleanly as stopped, with latency per service', async () => {
    const log = createLogger('test', 'silent');
    const latency = new LatencyRecorder();
    for (const ms of [3, 4, 4, 120]) latency.record(ms);
    const alive = await startHeartbeat({ pool: stack.pool, service: 'read-api', log, latency, intervalMs: 60_000 });
    const silent = await startHeartbeat({ pool: stack.pool, service: 'projector', log, intervalMs: 60_000 });
    const stopped = await startHeartbeat({ pool: stack.pool, service: 'rules', log, intervalMs: 60_000 });
    await stopped.stop();
    // A killed process cannot say goodbye: its last beat just grows old.
    await stack.pool.query(
      `UPDATE ${OPS_SCHEMA}.service_heartbeats SET beat_at = now() - interval '30 seconds' WHERE instance_id = $1`,
      [silent.instanceId],
    );

    const view = await status();
    const byId = new Map(view.services.map((service) => [service.instanceId, service]));
    expect(byId.get(alive.instanceId)).toMatchObject({
      service: 'read-api',
      state: 'up',
      version: '2025.1.0',
      pid: process.pid,
    });
    expect(byId.get(alive.instanceId)!.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(byId.get(silent.instanceId)).toMatchObject({ state: 'down', uptimeSeconds: null });
    expect(byId.get(stopped.instanceId)).toMatchObject({ state: 'stopped' });
    expect(view.latency.find((row) => row.service === 'read-api')).toEqual({
      service: 'read-api',
      requests: 4,
      p50Ms: 5,
      p95Ms: 150,
    });
    expect(view.events!.total).toBeGreaterThan(0);
    expect(view.events!.lastHour).toBe(view.events!.total);
    expect(view.database.sizeBytes).toBeGreaterThan(0);
    expect(view.database.connections).toBeGreaterThan(0);
    await alive.stop();
    await silent.stop();
  });

  it('lists the automated jobs with their last runs', async () => {
    await recordJobRun(stack.pool, 'mail-sender', 'ok', '2 sent');
    const jobs = (await status()).jobs;
    expect(jobs.find((job) => job.name === 'mail-sender')).toMatchObject({
      label: 'Mail sender',
      outcome: 'ok',
      detail: '2 sent',
    });
    expect(jobs.find((job) => job.name === 'appointment-reminders')).toMatchObject({ lastRunAt: null, outcome: null });
  });

  it('is for administrators only', async () => {
    const coordinator = await stack.command.createUser('coordinator');
    const response = await fetch(`${stack.readUrl}/api/status/system`, { headers: { cookie: coordinator.cookie } });
    expect(response.status).toBe(403);
  });
});

describe('GET /api/status/logs (Download Logs)', () => {
  it("merges every service's log lines of the last 24 hours into one NDJSON download, named by service", async () => {
    const response = await fetch(`${withLogsUrl}/api/status/logs`, { headers: { cookie: stack.command.admin.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="care-platform-logs-/);
    const lines = (await response.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { service: string; msg: string });
    expect(lines.map((line) => [line.service, line.msg])).toEqual([
      ['command-api', 'an hour ago'],
      ['read-api', 'a minute ago'],
    ]);
  });

  it('takes a chosen range', async () => {
    const from = new Date(Date.now() - 72 * 3600_000).toISOString();
    const to = new Date(Date.now() - 24 * 3600_000).toISOString();
    const response = await fetch(`${withLogsUrl}/api/status/logs?from=${from}&to=${to}`, {
      headers: { cookie: stack.command.admin.cookie },
    });
    expect(
      (await response.text())
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { msg: string }).msg),
    ).toEqual(['two days ago']);
  });
});

describe('GET /api/mail/outbox', () => {
  it('lists the messages newest first with their fate, never their body, for administrators only', async () => {
    const empty = await fetch(`${stack.readUrl}/api/mail/outbox`, { headers: { cookie: stack.command.admin.cookie } });
    expect(await empty.json()).toEqual([]);
    await ensureMailSchema(stack.pool);
    await enqueueMail(stack.pool, {
      kind: 'password-reset',
      to: 'grace@example.org',
      subject: 'Reset your password',
      text: 'https://care.example/landing?reset=secret',
    });
    const response = await fetch(`${stack.readUrl}/api/mail/outbox`, {
      headers: { cookie: stack.command.admin.cookie },
    });
    expect(response.headers.get('x-total-count')).toBe('1');
    const [message] = (await response.json()) as OutboxMessageView[];
    expect(message).toMatchObject({
      kind: 'password-reset',
      recipient: 'grace@example.org',
      subject: 'Reset your password',
      status: 'pending',
      attempts: 0,
    });
    expect(JSON.stringify(message)).not.toContain('secret');
    const coordinator = await stack.command.createUser('coordinator');
    expect((await fetch(`${stack.readUrl}/api/mail/outbox`, { headers: { cookie: coordinator.cookie } })).status).toBe(
      403,
    );
  });
});
