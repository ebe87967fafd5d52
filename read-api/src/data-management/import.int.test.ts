import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { importReportSchema, readCsv, type ImportReport } from '@care/events';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/**
 * Import Data through both services: a dry run reports every error of a broken file and appends nothing; the
 * export of one agency imports into a fresh store and reproduces the same carers and clients; a second import of
 * the same file creates nothing.
 */
let source: ReadStack;
let target: ReadStack;

beforeAll(async () => {
  [source, target] = await Promise.all([
    startReadStack(inject('databaseUrl'), 'data_import_source'),
    startReadStack(inject('databaseUrl'), 'data_import_target'),
  ]);
});
afterAll(async () => Promise.all([source?.stop(), target?.stop()]));

const eventCount = async (stack: ReadStack) =>
  Number((await stack.pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events')).rows[0]!.n);

async function runImport(
  stack: ReadStack,
  list: 'carers' | 'clients' | 'training',
  csv: string,
  dryRun: boolean,
): Promise<{ status: number; report: ImportReport }> {
  const reply = await stack.command.request('POST', '/api/admin/imports', { list, csv, dryRun });
  const parsed = importReportSchema.safeParse(reply.body);
  expect(parsed.success ? [] : parsed.error.issues, reply.text).toEqual([]);
  return { status: reply.status, report: reply.body as ImportReport };
}

/** The export's carers and clients CSVs (the archive Export Data downloads). */
async function exportLists(stack: ReadStack): Promise<{ carers: string; clients: string }> {
  const started = await stack.command.request('POST', '/api/admin/exports', {
    eventLog: false,
    lists: ['carers', 'clients'],
  });
  expect(started.status, started.text).toBe(201);
  const response = await fetch(`${stack.readUrl}/api/admin/exports/${started.body.id}/archive`, {
    headers: { cookie: stack.command.admin.cookie },
  });
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return { carers: strFromU8(files['carers.csv']!), clients: strFromU8(files['clients.csv']!) };
}

/** A list as a person compares it: every column but the ones each store makes up (ids, revisions, times, links by id). */
const OWN_COLUMNS = new Set([
  'id',
  'user_id',
  'revision',
  'created_at',
  'updated_at',
  'keyworker_carer_id',
  'preferred_carers',
]);
function comparable(csv: string): Record<string, string>[] {
  const read = readCsv(csv);
  if ('error' in read) throw new Error(read.error);
  const [header, ...rows] = read.rows;
  return rows
    .filter((row) => row.some((cell) => cell !== ''))
    .map((row) =>
      Object.fromEntries(
        header!.map((column, index) => [column, row[index] ?? '']).filter(([column]) => !OWN_COLUMNS.has(column!)),
      ),
    );
}

describe('Import Data', () => {
  it('a dry run of a broken file reports every error with its row and column, and appends nothing; the import then refuses it whole', async () => {
    const before = await eventCount(target);
    const broken = [
      'employee_id,first_name,last_name,email,start_date,hourly_rate',
      'EMP-1,Amira,Khan,amira@example.org,2024-03-01,12.50',
      'EMP-2,,Jones,not-an-email,2024-03-01,12.50',
      'EMP-3,Cal,Reed,cal@example.org,,twelve',
    ].join('\n');
    const dry = await runImport(target, 'carers', broken, true);
    expect(dry.status).toBe(200);
    expect(dry.report.counts).toEqual({ rows: 3, create: 1, skip: 0, refuse: 2 });
    expect(
      dry.report.rows.flatMap((row) => row.errors.map((error) => `${row.row} ${error.field}: ${error.message}`)),
    ).toEqual([
      '3 first_name: First name is required',
      '3 email: Valid email is required',
      '4 start_date: Start date is required',
      '4 hourly_rate: Hourly rate must be an amount in pounds with at most 2 decimals',
    ]);
    const refused = await runImport(target, 'carers', broken, false);
    expect(refused.status).toBe(422);
    expect(refused.report.applied).toBe(false);
    expect(await eventCount(target)).toBe(before);
  });

  it('an export imports into a fresh store and reproduces the same carers and clients; the same file twice creates nothing more', async () => {
    const carers = [
      {
        firstName: 'Zoë',
        lastName: 'Adams',
        email: 'zoe@example.org',
        employeeId: 'EMP-100',
        startDate: '2024-03-01',
        region: 'north',
        qualifications: ['NVQ Level 3', 'First Aid'],
        phoneNumber: '+44 7700 900100',
        hourlyRate: '12.75',
        maxClientsPerDay: 6,
        notes: 'Drives; "weekends" only',
      },
      {
        firstName: 'Ben',
        lastName: 'Brook',
        email: 'ben@example.org',
        employeeId: 'EMP-101',
        startDate: '2023-06-12',
        dateOfBirth: '1985-02-03',
        isActive: false,
      },
    ];
    for (const carer of carers) expect((await source.command.request('POST', '/api/carers', carer)).status).toBe(201);
    const client = {
      clientId: 'CL-500',
      firstName: 'Edith',
      lastName: 'Hughes',
      dateOfBirth: '1938-11-02',
      address: '4 Mill Lane, Leeds',
      emergencyContact: 'Paul Hughes',
      emergencyPhone: '07700 900003',
      careLevel: 'high',
      medicalConditions: ['Type 2 diabetes'],
      allergies: ['Penicillin'],
      mobilityLevel: 'assisted',
    };
    const made = await source.command.request('POST', '/api/clients', client);
    expect(made.status, made.text).toBe(201);
    await expect.poll(async () => (await source.pool.query('SELECT 1 FROM read_model.clients')).rowCount).toBe(1);
    await expect.poll(async () => (await source.pool.query('SELECT 1 FROM read_model.carers')).rowCount).toBe(2);
    const exported = await exportLists(source);

    const before = await eventCount(target);
    const dry = await runImport(target, 'carers', exported.carers, true);
    expect(dry.report.counts).toEqual({ rows: 2, create: 2, skip: 0, refuse: 0 });
    expect(await eventCount(target)).toBe(before);

    const imported = await runImport(target, 'carers', exported.carers, false);
    expect(imported.status).toBe(200);
    expect(imported.report).toMatchObject({ applied: true, counts: { create: 2 } });
    expect((await runImport(target, 'clients', exported.clients, false)).report.counts).toEqual({
      rows: 1,
      create: 1,
      skip: 0,
      refuse: 0,
    });

    // The same files again: every row is matched by its employee ID or client ID and skipped.
    const again = await runImport(target, 'carers', exported.carers, false);
    expect(again.report.counts).toEqual({ rows: 2, create: 0, skip: 2, refuse: 0 });
    expect((await runImport(target, 'clients', exported.clients, false)).report.counts.skip).toBe(1);

    // Each import is itself recorded: who, which list, the counts.
    const recorded = await target.pool.query<{
      data: { list: string; created: number; skipped: number };
      metadata: { userId: string };
    }>(`SELECT data, metadata FROM es_events WHERE event_type = 'DataImported' ORDER BY transaction_id, sequence`);
    expect(recorded.rows.map((row) => [row.data.list, row.data.created, row.data.skipped])).toEqual([
      ['carers', 2, 0],
      ['clients', 1, 0],
      ['carers', 0, 2],
      ['clients', 0, 1],
    ]);
    expect(recorded.rows[0]!.metadata.userId).toBe(target.command.admin.id);

    await expect.poll(async () => (await target.pool.query('SELECT 1 FROM read_model.carers')).rowCount).toBe(2);
    await expect.poll(async () => (await target.pool.query('SELECT 1 FROM read_model.clients')).rowCount).toBe(1);
    const reexported = await exportLists(target);
    expect(comparable(reexported.carers)).toEqual(comparable(exported.carers));
    expect(comparable(reexported.clients)).toEqual(comparable(exported.clients));
    expect(comparable(reexported.carers)[0]).toMatchObject({
      first_name: 'Zoë',
      phone_number: "'+44 7700 900100",
      notes: 'Drives; "weekends" only',
      hourly_rate_pence: '1275',
    });
  });

  it('imports training records naming each carer by employee ID; an unknown employee ID is refused; a second run adds nothing', async () => {
    // The carers EMP-100 and EMP-101 were imported above.
    const header = 'Employee ID,Training Type,Completed Date,Expiry Date,Training Provider';
    const broken = [
      header,
      'EMP-100,first_aid,01/09/2025,01/09/2028,St John',
      'EMP-999,cpr,2025-09-01,,',
      'EMP-101,juggling,2025-09-01,2025-08-01,',
    ].join('\n');
    const dry = await runImport(target, 'training', broken, true);
    expect(
      dry.report.rows.flatMap((row) => row.errors.map((error) => `${row.row} ${error.field}: ${error.message}`)),
    ).toEqual(['3 employee_id: No carer has this employee ID', '4 training_type: Training type is required']);
    const fixed = [header, 'EMP-100,first_aid,01/09/2025,01/09/2028,St John', 'EMP-101,cpr,2025-09-01,,'].join('\n');
    const imported = await runImport(target, 'training', fixed, false);
    expect(imported.report).toMatchObject({ applied: true, counts: { rows: 2, create: 2, skip: 0, refuse: 0 } });
    await expect
      .poll(async () => (await target.pool.query('SELECT 1 FROM read_model.training_records')).rowCount)
      .toBe(2);
    const zoe = (
      await target.pool.query<{
        training_type: string;
        completed_date: string;
        expiry_date: string;
        training_provider: string;
      }>(
        `SELECT t.training_type, t.completed_date, t.expiry_date, t.training_provider FROM read_model.training_records t JOIN read_model.carers c ON c.id = t.carer_id WHERE c.employee_id = 'EMP-100'`,
      )
    ).rows;
    expect(zoe).toEqual([
      {
        training_type: 'first_aid',
        completed_date: '2025-09-01',
        expiry_date: '2028-09-01',
        training_provider: 'St John',
      },
    ]);
    expect((await runImport(target, 'training', fixed, false)).report.counts).toEqual({
      rows: 2,
      create: 0,
      skip: 2,
      refuse: 0,
    });
  });

  it('is for administrators only', async () => {
    const coordinator = await target.command.createUser('coordinator');
    expect(
      (
        await coordinator.request('POST', '/api/admin/imports', {
          list: 'carers',
          csv: 'employee_id\nE1',
          dryRun: true,
        })
      ).status,
    ).toBe(403);
  });
});
