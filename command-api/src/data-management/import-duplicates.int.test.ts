import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ImportReport } from '@care/events';
import { appendedSince, settledLog, startCommandApi, type RunningCommandApi } from '../../testing';

/**
 * Import Data decides "already there" from the event store alone. No projector runs here, so the read models stay
 * empty: every record below exists only as events, as it does in the moment after it was written.
 */
let api: RunningCommandApi;

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'import_duplicates');
});
afterAll(async () => {
  await api?.close();
});

async function created(path: string, body: Record<string, unknown>): Promise<string> {
  const reply = await api.request('POST', path, body);
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id as string;
}

async function runImport(list: 'carers' | 'clients' | 'training', csv: string, dryRun: boolean): Promise<ImportReport> {
  const reply = await api.request('POST', '/api/admin/imports', { list, csv, dryRun });
  expect(reply.status, reply.text).toBe(200);
  return reply.body as ImportReport;
}

const outcomes = (report: ImportReport) => report.rows.map((row) => `${row.row} ${row.outcome}`);
const TRAINING_HEADER = 'employee_id,training_type,completed_date,expiry_date';

describe('Import Data against records that exist only as events', () => {
  it('skips a training row whose carer, type and completed date were just recorded on the form, and records nothing for it', async () => {
    const carerId = await created('/api/carers', {
      firstName: 'Nia',
      lastName: 'Owen',
      email: 'nia@example.org',
      employeeId: 'EMP-700',
      startDate: '2024-03-01',
    });
    await created('/api/training', {
      carerId,
      trainingType: 'first_aid',
      completedDate: '2025-09-01',
      expiryDate: '2028-09-01',
    });
    const csv = [TRAINING_HEADER, 'emp-700,first_aid,01/09/2025,01/09/2028', 'EMP-700,cpr,2025-09-01,'].join('\n');

    const dry = await runImport('training', csv, true);
    expect(outcomes(dry)).toEqual(['2 skip', '3 create']);

    const before = await settledLog(api.store);
    const imported = await runImport('training', csv, false);
    expect(imported).toMatchObject({ applied: true, counts: { rows: 2, create: 1, skip: 1, refuse: 0 } });
    const recorded = (await appendedSince(api.store, before)).filter((event) => event.type === 'TrainingRecorded');
    expect(recorded.map((event) => (event.data as { trainingType: string }).trainingType)).toEqual(['cpr']);
  });

  it('matches a renewed record by its new completed date, and a removed one no more', async () => {
    const carerId = await created('/api/carers', {
      firstName: 'Rhys',
      lastName: 'Bell',
      email: 'rhys@example.org',
      employeeId: 'EMP-701',
      startDate: '2024-03-01',
    });
    const renewed = await created('/api/training', {
      carerId,
      trainingType: 'manual_handling',
      completedDate: '2024-02-01',
    });
    const renewal = await api.request('POST', `/api/training/${renewed}/renewal`, { completedDate: '2025-02-01' });
    expect(renewal.status, renewal.text).toBe(200);
    const removed = await created('/api/training', {
      carerId,
      trainingType: 'dementia_care',
      completedDate: '2025-03-01',
    });
    expect((await api.request('DELETE', `/api/training/${removed}`)).status).toBe(200);

    const csv = [
      TRAINING_HEADER,
      'EMP-701,manual_handling,2025-02-01,',
      'EMP-701,manual_handling,2024-02-01,',
      'EMP-701,dementia_care,2025-03-01,',
    ].join('\n');
    expect(outcomes(await runImport('training', csv, true))).toEqual(['2 skip', '3 create', '4 create']);
  });

  it('skips carers and clients whose IDs were just taken on the form', async () => {
    await created('/api/carers', {
      firstName: 'Ann',
      lastName: 'Hale',
      email: 'ann@example.org',
      employeeId: 'EMP-702',
      startDate: '2024-03-01',
    });
    await created('/api/clients', {
      clientId: 'CL-702',
      firstName: 'Ivy',
      lastName: 'Rose',
      dateOfBirth: '1940-01-02',
      address: '1 High Street, York',
      emergencyContact: 'Tom Rose',
      emergencyPhone: '07700 900004',
      careLevel: 'low',
      mobilityLevel: 'independent',
    });
    const carers = await runImport(
      'carers',
      ['employee_id,first_name,last_name,email,start_date', 'emp-702,Ann,Hale,ann@example.org,2024-03-01'].join('\n'),
      true,
    );
    expect(outcomes(carers)).toEqual(['2 skip']);
    const clients = await runImport(
      'clients',
      [
        'client_id,first_name,last_name,date_of_birth,address,emergency_contact,emergency_phone,care_level,mobility_level',
        'cl-702,Ivy,Rose,1940-01-02,"1 High Street, York",Tom Rose,07700 900004,low,independent',
      ].join('\n'),
      true,
    );
    expect(outcomes(clients)).toEqual(['2 skip']);
  });
});
