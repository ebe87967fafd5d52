import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProjectionStatusView } from '@care/events';
import { appendedSince, requester, settledLog, type RunningCommandApi, type TestUser } from '@care/command-api/testing';
import { createLogger } from '@care/events/server';
import { projections, recordOnProjectionStream } from '@care/projector';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

const silentLog = createLogger('test', 'silent');
let stack: ReadStack | undefined;
let command: RunningCommandApi;
let readUrl: string;
let coordinator: TestUser;
let carer: TestUser;

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'status', { lagIntervalMs: 100 });
  ({ command, readUrl } = stack);
  coordinator = await command.createUser('coordinator');
  carer = await command.createUser('carer');
});

afterAll(async () => {
  await stack?.stop();
});

const read = (path: string, cookie: string) => requester(readUrl, cookie)('GET', path);

describe('GET /api/status/projections', () => {
  it('shows an administrator every projection: version, checkpoint, state and lag', async () => {
    // The lag is measured every 100 ms here and the session sweeper may append at any moment: read the rows of one
    // answer that shows every projection caught up.
    let rows: ProjectionStatusView[] = [];
    await expect
      .poll(async () => {
        rows = (await read('/api/status/projections', command.admin.cookie)).body as ProjectionStatusView[];
        return rows.every((row) => row.lagEvents === 0);
      })
      .toBe(true);
    expect(rows.map((row) => row.name)).toEqual(projections.map((projection) => projection.name));
    const declared = new Map(projections.map((projection) => [projection.name, projection.version]));
    for (const row of rows) {
      const version = declared.get(row.name);
      expect(row).toMatchObject({
        state: 'live',
        version,
        servedVersion: version,
        lagEvents: 0,
        lagSeconds: 0,
        rebuild: null,
        stalled: null,
        deadLetters: [],
      });
      expect(row.checkpoint).toMatch(/^\d+\.\d+$/);
    }
  });

  it('is refused to coordinators and carers (403)', async () => {
    expect((await read('/api/status/projections', coordinator.cookie)).status).toBe(403);
    expect((await read('/api/status/projections', carer.cookie)).status).toBe(403);
  });
});

describe('POST /api/status/projections/:name/skip', () => {
  const eventId = '0196a0c4-7a4e-7c3b-9b57-3f4f7c1e2d10';
  const otherId = '0196a0c4-7a4e-7c3b-9b57-3f4f7c1e2d11';
  const skipsSince = async (before: Awaited<ReturnType<typeof settledLog>>) =>
    (await appendedSince(command.store, before)).filter((event) => event.type === 'ProjectionEventSkipped');

  it('records an administrator’s skip of the event the projection stalled on, with the reason, as an event', async () => {
    // As the projector records a stall on the projection's stream (no real projection can be made to fail here).
    await recordOnProjectionStream(command.store, silentLog, {
      type: 'ProjectionStalled',
      data: { projection: 'diary', eventId, eventType: 'DiaryEntryAdded' },
    });
    const before = await settledLog(command.store);
    const reply = await command.request('POST', '/api/status/projections/diary/skip', {
      eventId,
      reason: 'Corrupt import row',
    });
    expect(reply.status).toBe(202);
    const appended = await appendedSince(command.store, before);
    expect(appended.map((event) => [event.streamId, event.type, event.data])).toEqual([
      ['projection-diary', 'ProjectionEventSkipped', { projection: 'diary', eventId, reason: 'Corrupt import row' }],
    ]);
  });

  it('refuses an event the projection is not stopped at (409), appending nothing', async () => {
    await recordOnProjectionStream(command.store, silentLog, {
      type: 'ProjectionStalled',
      data: { projection: 'tasks', eventId, eventType: 'TaskCreated' },
    });
    const before = await settledLog(command.store);
    const other = await command.request('POST', '/api/status/projections/tasks/skip', {
      eventId: otherId,
      reason: 'Wrong event',
    });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ fields: { eventId: expect.stringContaining('not stopped at that event') } });
    // A projection that is running has nothing to skip.
    expect(
      (await command.request('POST', '/api/status/projections/clients/skip', { eventId, reason: 'Running' })).status,
    ).toBe(409);
    expect(await skipsSince(before)).toEqual([]);
    // Once skipped, the same event is no longer the one it is stopped at.
    expect(
      (await command.request('POST', '/api/status/projections/tasks/skip', { eventId, reason: 'Bad row' })).status,
    ).toBe(202);
    const again = await settledLog(command.store);
    expect(
      (await command.request('POST', '/api/status/projections/tasks/skip', { eventId, reason: 'Twice' })).status,
    ).toBe(409);
    expect(await skipsSince(again)).toEqual([]);
  });

  it('answers 404 for a projection the projector does not run, appending nothing', async () => {
    await recordOnProjectionStream(command.store, silentLog, {
      type: 'ProjectionStalled',
      data: { projection: 'old_lists', eventId, eventType: 'DiaryEntryAdded' },
    });
    const before = await settledLog(command.store);
    const reply = await command.request('POST', '/api/status/projections/old_lists/skip', { eventId, reason: 'Gone' });
    expect(reply.status).toBe(404);
    expect(
      (await command.request('POST', '/api/status/projections/Not-A-Name/skip', { eventId, reason: 'x' })).status,
    ).toBe(404);
    expect(await appendedSince(command.store, before)).toEqual([]);
  });

  it('refuses a missing reason or event id (400 on the field), others than administrators (403), and appends nothing', async () => {
    const before = await settledLog(command.store);
    const bad = await command.request('POST', '/api/status/projections/diary/skip', { eventId: 'nope', reason: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      fields: { eventId: 'Must be the id of the event the projection stalled on', reason: 'Reason is required' },
    });
    expect(
      (await coordinator.request('POST', '/api/status/projections/diary/skip', { eventId, reason: 'x' })).status,
    ).toBe(403);
    expect((await carer.request('POST', '/api/status/projections/diary/skip', { eventId, reason: 'x' })).status).toBe(
      403,
    );
    expect(await skipsSince(before)).toEqual([]);
  });
});
