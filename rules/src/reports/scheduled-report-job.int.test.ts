import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, londonToday, periodContaining, type ReportScheduleView } from '@care/events';
import { createLogger, createPool } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { createReadModelDb, startProjector, type RunningProjector } from '@care/projector';
import { createReadApi, type ReadApi } from '@care/read-api';
import { requester, startCommandApiOn, type RunningCommandApi, type TestUser } from '@care/command-api/testing';
import { ScheduledReportJob } from './scheduled-report-job';

/**
 * Schedule Report end to end below the browser: a coordinator schedules a weekly report through the command API; the
 * rules process's job, with its clock moved past the week's end, generates it once (two jobs racing), keeps the file
 * and records it; the read API lists it with who scheduled it and serves the very bytes; pausing stops the next week.
 */
const log = createLogger('test', 'silent');
let database: TestDatabase;
let pool: pg.Pool;
let api: RunningCommandApi;
let projector: RunningProjector;
let readApi: ReadApi;
let readUrl: string;
let coordinator: TestUser;
let now = new Date();
let position = '';

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'scheduled_reports');
  pool = createPool(database.url, { max: 8, log });
  api = await startCommandApiOn(database.url);
  projector = await startProjector({ store: api.store, pool, db: createReadModelDb(pool), log });
  await projector.settled();
  readApi = await createReadApi({ pool, db: createReadModelDb(pool), log });
  await new Promise<void>((resolve) => readApi.server.listen(0, '127.0.0.1', resolve));
  readUrl = `http://127.0.0.1:${(readApi.server.address() as AddressInfo).port}`;
  coordinator = await api.createUser('coordinator', { firstName: 'Cora', lastName: 'Ndiaye' });
}, 120_000);

afterAll(async () => {
  await readApi?.close();
  await projector?.stop();
  await api?.close();
  await pool?.end();
  await database?.drop();
});

const job = () => new ScheduledReportJob({ store: api.store, pool, db: createReadModelDb(pool), logger: log }, { intervalMs: 60_000, clock: () => now });
/**
 * A read after the last write, asked again on 503 as its Retry-After says (as the browser does): with two test files
 * starting their services side by side, the projector was once more than the read API's 5 s behind this file's
 * first write. What this file checks is the job, not how far the projector may lag.
 */
const read = async <T>(path: string, user: TestUser = coordinator) => {
  const get = () => requester(readUrl, user.cookie)('GET', path, undefined, position ? { 'x-min-position': position } : {});
  let reply = await get();
  for (let attempt = 1; reply.status === 503 && attempt < 4; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000 * Number(reply.headers.get('retry-after') ?? 1)));
    reply = await get();
  }
  expect(reply.status, reply.text).toBe(200);
  return reply.body as T;
};
const schedules = () => read<ReportScheduleView[]>('/api/report-schedules');

describe('scheduled reports', () => {
  it('generates a due week once, keeps the file with who scheduled it, and stops while paused', async () => {
    const created = await coordinator.request('POST', '/api/report-schedules', { name: 'Weekly overview', report: 'overview', format: 'pdf', frequency: 'weekly', region: '', carerId: '' });
    expect(created.status, created.text).toBe(201);
    position = created.body.position;
    const id = created.body.id as string;
    const week = periodContaining('weekly', londonToday());
    const [listed] = await schedules();
    expect(listed).toMatchObject({ id, name: 'Weekly overview', status: 'active', scheduledBy: { id: coordinator.id, name: 'Cora Ndiaye' }, nextRunAt: week.dueAt, runs: [] });

    // Before the week's report is due, nothing; a minute after, two racing jobs record it once.
    now = new Date(Date.parse(week.dueAt) - 60_000);
    expect(await job().tick()).toBe(0);
    now = new Date(Date.parse(week.dueAt) + 60_000);
    const counts = await Promise.all([job().tick(), job().tick()]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    const events = (await api.store.readStream(`report-schedule-${id}`)).filter((event) => event.type === 'ScheduledReportGenerated');
    expect(events).toHaveLength(1);
    position = `${events[0]!.position.commit}.${events[0]!.position.prepare}`;

    const [withRun] = await schedules();
    expect(withRun!.runs).toEqual([expect.objectContaining({ periodFrom: week.from, periodTo: week.to, fileName: `overview-report-${week.from}-to-${week.to}.pdf` })]);
    const file = await fetch(`${readUrl}/api/report-runs/${withRun!.runs[0]!.id}/file`, { headers: { cookie: coordinator.cookie } });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe((events[0]!.data as { sha256: string }).sha256);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // Paused: the next week passes without a report; another coordinator may not resume it, an administrator may.
    const other = await api.createUser('coordinator');
    expect((await other.request('POST', `/api/report-schedules/${id}/pause`)).status).toBe(403);
    const pausedReply = await coordinator.request('POST', `/api/report-schedules/${id}/pause`);
    expect(pausedReply.status).toBe(200);
    position = pausedReply.body.position;
    now = new Date(Date.parse(periodContaining('weekly', addDays(week.to, 1)).dueAt) + 60_000);
    expect(await job().tick()).toBe(0);
    expect((await schedules())[0]).toMatchObject({ status: 'paused', nextRunAt: null });
    const deleted = await api.admin.request('DELETE', `/api/report-schedules/${id}`);
    expect(deleted.status).toBe(200);
    position = deleted.body.position;
    expect(await schedules()).toEqual([]);
  });
});
