import { randomUUID } from 'node:crypto';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EXPORT_LISTS } from '@care/events';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

let stack: ReadStack;
const EVERYTHING = { eventLog: true, lists: [...EXPORT_LISTS] };

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'data_export');
});
afterAll(async () => stack?.stop());

async function archive(id: string, cookie = stack.command.admin.cookie) {
  return fetch(`${stack.readUrl}/api/admin/exports/${id}/archive`, { headers: { cookie } });
}

describe('Export Data', () => {
  it('records who exported, then answers one zip with the whole event log and a CSV per list', async () => {
    const carer = await stack.command.request('POST', '/api/carers', {
      firstName: 'Zoë',
      lastName: '=SUM(A1)',
      email: 'zoe@example.org',
      employeeId: 'EMP-X1',
      startDate: '2024-03-01',
    });
    expect(carer.status, carer.text).toBe(201);
    const started = await stack.command.request('POST', '/api/admin/exports', EVERYTHING);
    expect(started.status, started.text).toBe(201);
    await expect
      .poll(
        async () => (await stack.pool.query(`SELECT 1 FROM read_model.carers WHERE id = $1`, [carer.body.id])).rowCount,
      )
      .toBe(1);

    const response = await archive(started.body.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(
      [
        'alerts.csv',
        'carers.csv',
        'clients.csv',
        'diary.csv',
        'events.ndjson',
        'feedback.csv',
        'shifts.csv',
        'tasks.csv',
        'training.csv',
        'users.csv',
        'visits.csv',
      ].sort(),
    );
    const events = strFromU8(files['events.ndjson']!)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; data: { exportId?: string }; metadata: { userId: string } });
    expect(events.map((event) => event.type)).toContain('CarerRegistered');
    // The export itself is in the log it exports: who, and which export.
    expect(events.find((event) => event.type === 'DataExported')).toMatchObject({
      data: { exportId: started.body.id },
      metadata: { userId: stack.command.admin.id },
    });
    const carers = strFromU8(files['carers.csv']!);
    // A UTF-8 byte order mark (Excel), then the header: every column of the list.
    expect([...files['carers.csv']!.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(carers.startsWith('id,user_id,first_name,last_name,email,')).toBe(true);
    // Names print as written; a cell that would run as a formula is neutralised.
    expect(carers).toContain("Zoë,'=SUM(A1)");
    expect(strFromU8(files['clients.csv']!).split('\r\n')[0]).toContain('client_id');
  });

  it('hands out nothing for an export not recorded, or recorded by someone else', async () => {
    expect((await archive(randomUUID())).status).toBe(404);
    const started = await stack.command.request('POST', '/api/admin/exports', EVERYTHING);
    const other = await stack.command.createUser('admin');
    expect((await archive(started.body.id, other.cookie)).status).toBe(404);
    const coordinator = await stack.command.createUser('coordinator');
    expect((await coordinator.request('POST', '/api/admin/exports', EVERYTHING)).status).toBe(403);
  });
});

describe('Export Data with the log in another store (as on EventStoreDB, read through the store port)', () => {
  let through: ReadStack;
  beforeAll(async () => {
    through = await startReadStack(inject('databaseUrl'), 'data_export_store', { readThroughStore: true });
  });
  afterAll(async () => through?.stop());

  it("checks the administrator's own recent export and writes the log through the store", async () => {
    const started = await through.command.request('POST', '/api/admin/exports', { eventLog: true, lists: ['carers'] });
    expect(started.status, started.text).toBe(201);
    const other = await through.command.createUser('admin');
    const url = `${through.readUrl}/api/admin/exports/${started.body.id}/archive`;
    expect((await fetch(url, { headers: { cookie: other.cookie } })).status).toBe(404);

    const response = await fetch(url, { headers: { cookie: through.command.admin.cookie } });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['carers.csv', 'events.ndjson']);
    const events = strFromU8(files['events.ndjson']!)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; data: { exportId?: string } });
    expect(events.find((event) => event.type === 'DataExported')).toMatchObject({
      data: { exportId: started.body.id },
    });
  });
});
