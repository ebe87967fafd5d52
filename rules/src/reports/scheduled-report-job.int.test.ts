import { createHash } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, londonToday, periodContaining } from '@care/events';
import { createLogger, createPool, loadReportFile } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { createReadModelDb, READ_MODEL_SCHEMA, startProjector, type RunningProjector } from '@care/projector';
import { startCommandApiOn, type RunningCommandApi, type TestUser } from '@care/command-api/testing';
import { ScheduledReportJob } from './scheduled-report-job';

/**
 * Schedule Report below the browser: a coordinator schedules a weekly report through the command API; the rules
 * process's job, with its clock moved past the week's end, generates it once (two jobs racing), keeps the very bytes
 * it records the digest of, and generates nothing for a paused schedule. The list of runs and the download are the
 * read API's, checked end to end in e2e/reports.e2e.test.ts.
 */
const log = createLogger('test', 'silent');
let database: TestDatabase;
let pool: pg.Pool;
let api: RunningCommandApi;
let projector: RunningProjector;
let coordinator: TestUser;
let now = new Date();

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'scheduled_reports');
  pool = createPool(database.url, { max: 8, log });
  api = await startCommandApiOn(database.url);
  projector = await startProjector({ store: api.store, pool, db: createReadModelDb(pool), log });
  await projector.settled();
  coordinator = await api.createUser('coordinator', { firstName: 'Cora', lastName: 'Ndiaye' });
}, 120_000);

afterAll(async () => {
  await projector?.stop();
  await api?.close();
  await pool?.end();
  await database?.drop();
});

const job = () =>
  new ScheduledReportJob(
    { store: api.store, pool, db: createReadModelDb(pool), logger: log },
    { intervalMs: 60_000, clock: () => now },
  );
/** The job finds schedules in the read model: wait until the projector shows this one as the test left it. */
const scheduleShows = async (id: string, status: string | undefined) =>
  expect
    .poll(
      async () =>
        (
          await createReadModelDb(pool)
            .withSchema(READ_MODEL_SCHEMA)
            .selectFrom('report_schedules')
            .select('status')
            .where('id', '=', id)
            .executeTakeFirst()
        )?.status,
      { timeout: 15_000 },
    )
    .toBe(status);
const generatedOf = async (id: string) =>
  (await api.store.readStream(`report-schedule-${id}`)).filter((event) => event.type === 'ScheduledReportGenerated');

describe('scheduled reports', () => {
  it('generates a due week once, keeps the file it records, and nothing while paused', async () => {
    const created = await coordinator.request('POST', '/api/report-schedules', {
      name: 'Weekly overview',
      report: 'overview',
      format: 'pdf',
      frequency: 'weekly',
      region: '',
      carerId: '',
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const week = periodContaining('weekly', londonToday());
    await scheduleShows(id, 'active');

    // Before the week's report is due, nothing; a minute after, two racing jobs record it once.
    now = new Date(Date.parse(week.dueAt) - 60_000);
    expect(await job().tick()).toBe(0);
    now = new Date(Date.parse(week.dueAt) + 60_000);
    const counts = await Promise.all([job().tick(), job().tick()]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    const events = await generatedOf(id);
    expect(events).toHaveLength(1);
    const generated = events[0]!.data as {
      runId: string;
      periodFrom: string;
      periodTo: string;
      fileName: string;
      sha256: string;
      sizeBytes: number;
    };
    expect(generated).toMatchObject({
      periodFrom: week.from,
      periodTo: week.to,
      fileName: `overview-report-${week.from}-to-${week.to}.pdf`,
    });

    // The kept file is the one recorded: its digest and size are the event's, and it is a PDF.
    const file = await loadReportFile(pool, generated.runId);
    expect(file).toMatchObject({ contentType: 'application/pdf', fileName: generated.fileName });
    expect(createHash('sha256').update(file!.content).digest('hex')).toBe(generated.sha256);
    expect([file!.content.length, file!.content.subarray(0, 5).toString()]).toEqual([generated.sizeBytes, '%PDF-']);

    // Paused: the next week passes without a report; another coordinator may not pause or resume it.
    const other = await api.createUser('coordinator');
    expect((await other.request('POST', `/api/report-schedules/${id}/pause`)).status).toBe(403);
    expect((await coordinator.request('POST', `/api/report-schedules/${id}/pause`)).status).toBe(200);
    await scheduleShows(id, 'paused');
    now = new Date(Date.parse(periodContaining('weekly', addDays(week.to, 1)).dueAt) + 60_000);
    expect(await job().tick()).toBe(0);
    expect(await generatedOf(id)).toHaveLength(1);
    // Resumed by an administrator, the week it missed is generated: the pause, not a lagging read model, held it.
    expect((await other.request('POST', `/api/report-schedules/${id}/resume`)).status).toBe(403);
    expect((await api.admin.request('POST', `/api/report-schedules/${id}/resume`)).status).toBe(200);
    await scheduleShows(id, 'active');
    expect(await job().tick()).toBe(1);
    expect(await generatedOf(id)).toHaveLength(2);
  });
});
